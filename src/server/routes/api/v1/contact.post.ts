/** Validated form kept in key-value storage: one `input` schema for JSON, URL-encoded and multipart; `useStorage` stores it. */
// POST /api/v1/contact
import { defineServerRoute } from '#server-actions';
import { defineRouteMeta } from 'nitropack/runtime';

import { formLimits, requireRoom } from '../../../lib/capacity';
import { contactInput, contactResult, saveContactMessage } from '../../../lib/contact';
import { contactMessages } from '../../../../shared/contact-messages';
import { redirectBrowserForms } from '../../../lib/forms';

defineRouteMeta({
  openAPI: {
    security: [],
    'x-access': 'anyone',
    'x-limits':
      'Body ≤ 1 MiB, message ≤ 2,000 characters; at most 1,000 messages kept (FORMS_MAX_CONTACT_MESSAGES).',
    responses: {
      200: { description: 'The message is stored.' },
      303: { description: 'A browser form post without JavaScript goes back to its page.' },
      503: { description: 'The store of messages is full; `Retry-After` says when to try again.' },
    },
  },
});

export const route = defineServerRoute({
  input: contactInput,
  output: contactResult,
  handler: async ({ data, event }) => {
    await requireRoom(event, 'contact', formLimits().maxContactMessages);
    await saveContactMessage(data);
    return { ok: true as const, topic: data.topic };
  },
});

/** A browser posting the form without JavaScript gets a redirect back to the page, errors as codes of `contactMessages`. */
export default redirectBrowserForms(route, '/contact', contactMessages);

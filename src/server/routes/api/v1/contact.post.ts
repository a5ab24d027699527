/** Validated form kept in key-value storage: one `input` schema for JSON, URL-encoded and multipart; `useStorage` stores it. */
// POST /api/v1/contact
import { defineServerRoute } from '#server-actions';
import { defineRouteMeta } from 'nitropack/runtime';

import { contactInput, contactResult, saveContactMessage } from '../../../lib/forms';
import { contactMessages } from '../../../../shared/contact-messages';
import { redirectBrowserForms } from '../../../lib/forms';

defineRouteMeta({
  openAPI: {
    security: [],
    'x-access': 'anyone',
    'x-limits': 'Body ≤ 1 MiB, message ≤ 2,000 characters; no rate limit: a public demo form.',
    responses: {
      200: { description: 'The message is stored.' },
      303: { description: 'A browser form post without JavaScript goes back to its page.' },
    },
  },
});

export const route = defineServerRoute({
  input: contactInput,
  output: contactResult,
  handler: async ({ data }) => {
    await saveContactMessage(data);
    return { ok: true as const, topic: data.topic };
  },
});

/** A browser posting the form without JavaScript gets a redirect back to the page, errors as codes of `contactMessages`. */
export default redirectBrowserForms(route, '/contact', contactMessages);

/** Validated form kept in key-value storage: one `input` schema for JSON, URL-encoded and multipart; `useStorage` stores it. */
// POST /api/v1/contact
// Access: anyone. Limits: Body ≤ 1 MiB, message ≤ 2,000 characters; at most 1,000 messages kept (FORMS_MAX_CONTACT_MESSAGES).
// 200: The message is stored. 503: The store of messages is full; `Retry-After` says when to try again.
import { defineServerRoute } from '#server-actions';

import { formLimits, requireRoom } from '../../../lib/capacity';
import { contactInput, contactResult, saveContactMessage } from '../../../lib/contact';
import { contactMessages } from '../../../../shared/contact-messages';
import { redirectBrowserForms } from '../../../lib/forms';

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

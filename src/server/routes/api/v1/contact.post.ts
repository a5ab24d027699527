/** Validated form: one `input` schema accepts JSON, URL-encoded and multipart bodies alike. */
// POST /api/v1/contact
import { defineServerRoute } from '@analogjs/router/server/actions';

import { contactInput, contactResult } from '../../../lib/contact';
import { redirectBrowserForms } from '../../../lib/browser-forms';

export const route = defineServerRoute({
  input: contactInput,
  output: contactResult,
  handler: ({ data }) => ({ ok: true as const, topic: data.topic }),
});

/** A browser posting the form without JavaScript gets a redirect back to the page instead of JSON. */
export default redirectBrowserForms(route, '/contact');

/** Dynamic segment via `event.context.params`: the file name `[name]` becomes a route parameter. */
// ANY /api/v1/hello/:name
import { defineEventHandler } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

import { asPlainText, requireDecoded } from '../../../../lib/http';

defineRouteMeta({
  openAPI: {
    responses: {
      200: { description: 'The greeting.', content: { 'text/plain': {} } },
      400: { description: 'A name with malformed percent-encoding.' },
    },
  },
});

export default defineEventHandler((event) => {
  const name = requireDecoded(event.context.params?.['name'] ?? '');
  return asPlainText(event, `Hello ${name}!`);
});

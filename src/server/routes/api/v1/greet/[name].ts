/** Dynamic segment via `getRouterParam`: the h3 helper reads (and decodes) one parameter. */
// ANY /api/v1/greet/:name
import { defineEventHandler, getRouterParam } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

import { asPlainText } from '../../../../lib/http';

defineRouteMeta({
  openAPI: {
    responses: {
      200: { description: 'The greeting.', content: { 'text/plain': {} } },
    },
  },
});

export default defineEventHandler((event) => {
  const name = getRouterParam(event, 'name', { decode: true });
  return asPlainText(event, `Hello, ${name}!`);
});

/** Dynamic segment via `getRouterParam`: the h3 helper reads (and decodes) one parameter. */
// ANY /api/v1/greet/:name
// Access: anyone. Limits: None needed: it stores nothing.
// 200 text/plain: The greeting.
import { defineEventHandler, getRouterParam } from 'h3';

import { asPlainText } from '../../../../lib/http';

export default defineEventHandler((event) => {
  const name = getRouterParam(event, 'name', { decode: true });
  return asPlainText(event, `Hello, ${name}!`);
});

/** Dynamic segment via `event.context.params`: the file name `[name]` becomes a route parameter. */
// ANY /api/v1/hello/:name
// Access: anyone. Limits: None needed: it stores nothing.
// 200 text/plain: The greeting. 400: A name with malformed percent-encoding.
import { defineEventHandler } from 'h3';

import { asPlainText, requireDecoded } from '../../../../lib/http';

export default defineEventHandler((event) => {
  const name = requireDecoded(event.context.params?.['name'] ?? '');
  return asPlainText(event, `Hello ${name}!`);
});

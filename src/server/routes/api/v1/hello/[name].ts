/** Dynamic segment via `event.context.params`: the file name `[name]` becomes a route parameter. */
// ANY /api/v1/hello/:name
import { defineEventHandler } from 'h3';

import { asPlainText, requireDecoded } from '../../../../lib/text';

export default defineEventHandler((event) => {
  const name = requireDecoded(event.context.params?.['name'] ?? '');
  return asPlainText(event, `Hello ${name}!`);
});

/** Errors with `createError`: reject bad input with a status code and message the client can read. */
// ANY /api/v1/items/:id
// Access: anyone. Limits: None needed: it stores nothing.
// 200 text/plain: The id. 400: An id that is not an integer.
import { createError, defineEventHandler, getRouterParam } from 'h3';

import { asPlainText } from '../../../../lib/http';

export default defineEventHandler((event) => {
  const raw = getRouterParam(event, 'id') ?? '';
  const id = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id)) {
    throw createError({ statusCode: 400, statusMessage: 'ID should be an integer' });
  }
  return asPlainText(event, `ID is ${id}`);
});

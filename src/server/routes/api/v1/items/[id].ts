/** Errors with `createError`: reject bad input with a status code and message the client can read. */
// GET /api/v1/items/:id
import { createError, defineEventHandler, getRouterParam } from 'h3';

import { asPlainText } from '../../../../lib/text';

export default defineEventHandler((event) => {
  const id = getRouterParam(event, 'id') ?? '';
  if (!/^\d+$/.test(id)) {
    throw createError({ statusCode: 400, statusMessage: 'ID should be an integer' });
  }
  return asPlainText(event, `ID is ${Number(id)}`);
});

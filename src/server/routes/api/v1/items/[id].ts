/** Errors with `createError`: reject bad input with a status code and message the client can read. */
// ANY /api/v1/items/:id
import { createError, defineEventHandler, getRouterParam } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

import { asPlainText } from '../../../../lib/http';

defineRouteMeta({
  openAPI: {
    responses: {
      200: { description: 'The id.', content: { 'text/plain': {} } },
      400: { description: 'An id that is not an integer.' },
    },
  },
});

export default defineEventHandler((event) => {
  const raw = getRouterParam(event, 'id') ?? '';
  const id = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id)) {
    throw createError({ statusCode: 400, statusMessage: 'ID should be an integer' });
  }
  return asPlainText(event, `ID is ${id}`);
});

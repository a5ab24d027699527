import { createError, defineEventHandler, getRequestHeader } from 'h3';

import { isMultipartWithoutBoundary } from '../../../../server/lib/request/index.ts';

/**
 * Answers 400 to a `multipart/form-data` body whose Content-Type has no boundary, before any
 * route reads it: such a body can't be split into parts, and a route's parser would otherwise
 * throw (a 500) or read it as empty (a misleading 422).
 */
export default defineEventHandler((event) => {
  if (
    event.method === 'GET' ||
    event.method === 'HEAD' ||
    !isMultipartWithoutBoundary(getRequestHeader(event, 'content-type'))
  )
    return;
  throw createError({
    statusCode: 400,
    statusMessage: 'Bad Request',
    message: 'A multipart/form-data body needs a boundary parameter in its Content-Type',
  });
});

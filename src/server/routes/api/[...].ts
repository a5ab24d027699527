/** Catch-all: answers unmatched API paths with JSON 404, or 405 where the path takes other methods. */
// ANY /api/**
import { createError, defineEventHandler, setResponseHeader } from 'h3';

import { allowedMethods } from '../../lib/route-table';

export default defineEventHandler((event) => {
  const path = event.path.split('?')[0];
  const allow = allowedMethods(path);
  if (allow.length) {
    setResponseHeader(event, 'allow', allow.join(', '));
    throw createError({
      statusCode: 405,
      statusMessage: 'Method Not Allowed',
      message: `${event.method} is not allowed on ${path}; use ${allow.join(', ')}`,
    });
  }
  throw createError({
    statusCode: 404,
    statusMessage: 'Not Found',
    message: `No route for ${event.method} ${path}`,
  });
});

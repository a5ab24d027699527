/** Catch-all: answers unmatched API paths with JSON 404, or 405 where the path takes other methods. */
// ANY /api/**
// Access: anyone. Limits: None needed: it answers 404 or 405 and stores nothing.
// 404: No route has the path. 405: The path answers other methods, listed in `Allow`.
import { defineEventHandler, getRequestURL, setResponseHeader, setResponseStatus } from 'h3';

import { allowedMethods } from '../../../modules/api-contract';

// Returned rather than thrown, so the answer is JSON even where Nitro's dev error page would send a
// browser HTML. h3 has decoded `event.path`; the message shows the percent-encoded form, so no markup.
export default defineEventHandler((event) => {
  const allow = allowedMethods(event.path);
  const path = getRequestURL(event).pathname;
  if (!allow.length) {
    setResponseStatus(event, 404, 'Not Found');
    return { statusCode: 404, statusMessage: 'Not Found', message: `No route for ${event.method} ${path}` };
  }
  setResponseHeader(event, 'allow', allow.join(', '));
  setResponseStatus(event, 405, 'Method Not Allowed');
  return {
    statusCode: 405,
    statusMessage: 'Method Not Allowed',
    message: `${event.method} is not allowed on ${path}; use ${allow.join(', ')}`,
  };
});

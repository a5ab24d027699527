/** Catch-all: answers unmatched API paths with JSON 404, or 405 where the path takes other methods. */
// ANY /api/**
import { defineEventHandler, getRequestURL, setResponseHeader, setResponseStatus } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

import { allowedMethods } from '../../../modules/api-contract';

defineRouteMeta({
  openAPI: {
    security: [],
    'x-access': 'anyone',
    'x-limits': 'None needed: it answers 404 or 405 and stores nothing.',
    responses: {
      404: { description: 'No route has the path.' },
      405: { description: 'The path answers other methods, listed in `Allow`.' },
    },
  },
});

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

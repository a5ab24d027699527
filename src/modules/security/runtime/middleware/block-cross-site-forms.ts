import { defineEventHandler, getRequestHeader, setResponseHeader, setResponseStatus } from 'h3';

import { isCrossSiteForm } from '../../../../server/lib/request/index.ts';

const message = 'Cross-site form submissions are forbidden';

/**
 * Answers 403 to a form posted from another site (CSRF), before any page, form action or API
 * route reads it: JSON for clients that accept JSON, a short text for everyone else.
 */
export default defineEventHandler((event) => {
  if (!isCrossSiteForm(event)) return;
  setResponseStatus(event, 403, 'Forbidden');
  if (/json/i.test(getRequestHeader(event, 'accept') ?? '')) {
    return { statusCode: 403, statusMessage: 'Forbidden', message };
  }
  setResponseHeader(event, 'content-type', 'text/plain; charset=utf-8');
  return message;
});

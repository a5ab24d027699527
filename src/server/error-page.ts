import { type H3Event, getRequestHeader } from 'h3';

import { escapeXml } from './lib/feeds';

/** True for a browser loading a page (`Sec-Fetch-Dest: document`): a person reads the answer, not a script. */
export const isPageNavigation = (event: H3Event): boolean =>
  getRequestHeader(event, 'sec-fetch-dest') === 'document';

/**
 * The page a browser shows for a failed request: the status, what to do, and the request id a
 * person can quote to support, which finds the request's log lines. No stack and no message of
 * the error: those stay in the log. Every value is escaped, though the id is well formed anyway.
 */
export function errorPage(status: number, statusText: string, requestId: string | undefined): string {
  const advice =
    status >= 500 ? '<p>Something went wrong on our side. Please try again in a moment.</p>' : '';
  const id = requestId
    ? `<p>If it keeps happening, quote this request id: <code id="request-id">${escapeXml(requestId)}</code></p>`
    : '';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${status} ${escapeXml(statusText)}</title></head>
<body><main><h1>${status} ${escapeXml(statusText)}</h1>${advice}${id}<p><a href="/">Home</a></p></main></body>
</html>
`;
}

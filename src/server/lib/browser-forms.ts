import type { StandardSchemaV1 } from '@standard-schema/spec';
import { type EventHandler, defineEventHandler, getRequestHeader, sendRedirect } from 'h3';

function isBrowserFormPost(accept: string, contentType: string): boolean {
  const isForm =
    contentType.startsWith('application/x-www-form-urlencoded') ||
    contentType.startsWith('multipart/form-data');
  return isForm && accept.includes('text/html');
}

/** `?error.<field>=<message>` for each issue, so the page can show each message by its field. */
function errorQuery(issues: readonly StandardSchemaV1.Issue[]): URLSearchParams {
  const query = new URLSearchParams();
  for (const issue of issues) {
    const field = issue.path
      ?.map((segment) => (typeof segment === 'object' ? segment.key : segment))
      .join('.');
    query.append(`error.${field || 'form'}`, issue.message);
  }
  return query;
}

/**
 * Progressive enhancement for an API route: a plain HTML form post (a browser asking for
 * HTML) is answered with 303 to `page`, carrying `?sent=1` or the field errors; API clients
 * still get JSON and 422 from the route itself.
 */
export function redirectBrowserForms(route: EventHandler, page: string): EventHandler {
  return defineEventHandler(async (event) => {
    const result = await route(event);
    const accept = getRequestHeader(event, 'accept') ?? '';
    const contentType = getRequestHeader(event, 'content-type') ?? '';
    if (!isBrowserFormPost(accept, contentType)) return result;
    const query =
      event.node.res.statusCode === 422
        ? errorQuery(result as StandardSchemaV1.Issue[])
        : new URLSearchParams({ sent: '1' });
    event.node.res.removeHeader('x-analog-errors');
    return sendRedirect(event, `${page}?${query}`, 303);
  });
}

import type { StandardSchemaV1 } from '@standard-schema/spec';
import {
  type EventHandler,
  type H3Event,
  defineEventHandler,
  getRequestHeader,
  getResponseStatus,
  removeResponseHeader,
  sendRedirect,
} from 'h3';

import { isFormBody } from '../../../modules/security/runtime';
import { issueField } from '../../../shared/issues';

/** True for a plain HTML form post: a form body from a browser that asks for an HTML page back. */
export function isBrowserFormPost(event: H3Event): boolean {
  return isFormBody(event) && (getRequestHeader(event, 'accept') ?? '').includes('text/html');
}

/** `?error.<field>=<message>` for each issue, so the page can show each message by its field. */
export function errorQuery(issues: readonly StandardSchemaV1.Issue[]): URLSearchParams {
  const query = new URLSearchParams();
  for (const issue of issues) query.append(`error.${issueField(issue)}`, issue.message);
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
    if (!isBrowserFormPost(event)) return result;
    const query =
      getResponseStatus(event) === 422
        ? errorQuery(result as StandardSchemaV1.Issue[])
        : new URLSearchParams({ sent: '1' });
    removeResponseHeader(event, 'x-analog-errors');
    // The route set a JSON type; the redirect's body is h3's small HTML page.
    removeResponseHeader(event, 'content-type');
    return sendRedirect(event, `${page}?${query}`, 303);
  });
}

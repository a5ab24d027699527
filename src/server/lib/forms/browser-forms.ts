import type { StandardSchemaV1 } from '@standard-schema/spec';
import {
  type EventHandler,
  defineEventHandler,
  getResponseStatus,
  removeResponseHeader,
  sendRedirect,
} from 'h3';

import { isBrowserFormPost } from '../../../modules/request';
import { issueField } from '../../../shared/issues';

/** A page's messages by code: the only texts its form shows from a redirect's query. */
export type MessageCodes = Readonly<Record<string, string>> & { readonly invalid: string };

/**
 * `?error.<field>=<code>` for each issue: the code of the issue's message in `messages`, or
 * `invalid`. The page looks each code up in the same list, so a crafted link can choose among
 * the page's own messages but never put its own words on the page.
 */
export function errorCodeQuery(
  issues: readonly StandardSchemaV1.Issue[],
  messages: MessageCodes,
): URLSearchParams {
  const codes = new Map(Object.entries(messages).map(([code, message]) => [message, code]));
  const query = new URLSearchParams();
  for (const issue of issues)
    query.append(`error.${issueField(issue)}`, codes.get(issue.message) ?? 'invalid');
  return query;
}

/**
 * Progressive enhancement for an API route: a plain HTML form post (a browser asking for
 * HTML) is answered with 303 to `page`, carrying `?sent=1` or the field errors as codes of
 * `messages` (`errorCodeQuery`); API clients still get JSON and 422 from the route itself.
 * @status 303 A browser form post without JavaScript goes back to its page.
 */
export function redirectBrowserForms(
  route: EventHandler,
  page: string,
  messages: MessageCodes,
): EventHandler {
  return defineEventHandler(async (event) => {
    const result = await route(event);
    if (!isBrowserFormPost(event)) return result;
    const query =
      getResponseStatus(event) === 422
        ? errorCodeQuery(result as StandardSchemaV1.Issue[], messages)
        : new URLSearchParams({ sent: '1' });
    removeResponseHeader(event, 'x-analog-errors');
    // The route set a JSON type; the redirect's body is h3's small HTML page.
    removeResponseHeader(event, 'content-type');
    return sendRedirect(event, `${page}?${query}`, 303);
  });
}

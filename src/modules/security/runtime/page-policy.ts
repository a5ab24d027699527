import type { ServerContext } from '@analogjs/router/tokens';
import type { H3Event } from 'h3';
import type { IncomingMessage, ServerResponse } from 'node:http';

import { notePageNonce } from './context.ts';
import { createNonce, cspNoncePlaceholder, noncePolicy } from './csp.ts';
import { documentHeaders } from './headers.ts';
import { nonceStreamScripts } from './stream-nonce.ts';

type Response = Pick<ServerResponse, 'getHeader' | 'hasHeader' | 'setHeader'>;

const pageHeaders = Object.entries(documentHeaders);

/** Marks `res` as a page: the document headers and its Content-Security-Policy. */
export function setPageHeaders(res: Response, policy: string): void {
  for (const [name, value] of pageHeaders) res.setHeader(name, value);
  res.setHeader('content-security-policy', policy);
}

/** Gives the page its nonce policy and headers, and publishes `nonce` as `event.context.security.nonce`. */
function setNoncePolicy(req: IncomingMessage, res: Response, nonce: string): void {
  setPageHeaders(res, noncePolicy(nonce));
  notePageNonce(req, nonce);
}

/**
 * Answers a page that was not rendered for this request (the page cache) as a render would:
 * its policy with `nonce` (from `createNonce()`, written into the page's `nonce` attributes),
 * the document headers, and `nonce` on `event.context.security`.
 */
export function setPageNonce(event: H3Event, nonce: string): void {
  setNoncePolicy(event.node.req, event.node.res, nonce);
}

/**
 * Rolling a policy out (`CSP_REPORT_ONLY`): a page's policy moves to
 * `Content-Security-Policy-Report-Only`, so browsers only report what it would block;
 * framing stays forbidden. A page is what carries `Reporting-Endpoints` (a document header);
 * other responses keep their policy.
 */
export function reportPagePolicyOnly(res: Response): void {
  const policy = res.getHeader('content-security-policy');
  if (!res.hasHeader('reporting-endpoints') || typeof policy !== 'string') return;
  if (res.hasHeader('content-security-policy-report-only')) return;
  res.setHeader('content-security-policy', "frame-ancestors 'none'");
  res.setHeader('content-security-policy-report-only', policy);
}

/** What Analog's renderers answer: `render` the whole page, `renderStream` a stream of it. */
type Page = string | ReadableStream<Uint8Array>;
type PageRenderer = (url: string, document: string, context: ServerContext) => Promise<Page>;

/**
 * Wraps Analog's page renderer (`render` or `renderStream` from `@analogjs/router/server`) in
 * src/main.server.ts: each page gets a fresh nonce, sent in its Content-Security-Policy and
 * written into the template's `nonce` attributes and `<app-root ngCspNonce>` before Angular
 * renders, so Angular's own inline scripts (event replay) and styles carry it too. Markup that
 * Angular renders from data never gets a nonce: only the template's tags do, and a stream's
 * own scripts (stream-nonce.ts). The policy is set before the first byte leaves, and the nonce
 * published for the rest of the request (`useNonce(event)`).
 */
export function withPagePolicy(renderPage: PageRenderer): PageRenderer {
  return async (url, document, context) => {
    const nonce = createNonce();
    setNoncePolicy(context.req, context.res, nonce);
    const page = await renderPage(url, document.replaceAll(cspNoncePlaceholder, nonce), context);
    return typeof page === 'string' ? page : page.pipeThrough(nonceStreamScripts(nonce));
  };
}

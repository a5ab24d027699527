import type { ServerContext } from '@analogjs/router/tokens';
import type { ServerResponse } from 'node:http';

import { createNonce, cspNoncePlaceholder, isReportOnly, noncePolicy } from './csp';
import { documentHeaders, securityHeadersEnabled } from './security-headers';

const pageHeaders = Object.entries(documentHeaders);
/** Read once: the environment of a running server doesn't change. */
const reportOnly = isReportOnly();

/** Marks `res` as a page: the document headers and its Content-Security-Policy. */
export function setDocumentHeaders(res: Pick<ServerResponse, 'setHeader'>, policy: string): void {
  for (const [name, value] of pageHeaders) res.setHeader(name, value);
  if (reportOnly) {
    // Rolling a policy out: browsers only report what it would block; framing stays forbidden.
    res.setHeader('content-security-policy', "frame-ancestors 'none'");
    res.setHeader('content-security-policy-report-only', policy);
  } else {
    res.setHeader('content-security-policy', policy);
  }
}

type PageRenderer<T> = (url: string, document: string, context: ServerContext) => Promise<T>;

/**
 * Wraps Analog's page renderer (`render` or `renderStream` from `@analogjs/router/server`):
 * each page gets a fresh nonce, sent in its Content-Security-Policy and written into the
 * template's `nonce` attributes and `<app-root ngCspNonce>` before Angular renders, so Angular's
 * own inline scripts (event replay) and styles carry it too. Markup that Angular renders from
 * data never gets a nonce: only the template's tags do.
 */
export function withPagePolicy<T>(renderPage: PageRenderer<T>): PageRenderer<T> {
  if (!securityHeadersEnabled()) return renderPage;
  return (url, document, context) => {
    const nonce = createNonce();
    setDocumentHeaders(context.res, noncePolicy(nonce));
    return renderPage(url, document.replaceAll(cspNoncePlaceholder, nonce), context);
  };
}

import type { H3Event } from 'h3';

import { documentHeaders, hsts, resourceHeaders } from './headers.ts';
import { isHttpsRequest } from './config.ts';

const everywhere = Object.entries(resourceHeaders);
const pageOnly = [...Object.keys(documentHeaders), 'content-security-policy-report-only'];

/** The headers every response starts with: `resourceHeaders`, and HSTS over HTTPS. */
export function setResourceHeaders(event: H3Event): void {
  const res = event.node.res;
  for (const [name, value] of everywhere) res.setHeader(name, value);
  if (isHttpsRequest(event)) res.setHeader('strict-transport-security', hsts);
}

/**
 * What an error answer carries, whatever was asked for: the resource set and its
 * `default-src 'none'` policy in place of any page headers a render had set, and in place of
 * the headers of Nitro's own error handler. An error body is JSON, never a page.
 */
export function setErrorHeaders(event: H3Event): void {
  for (const name of pageOnly) event.node.res.removeHeader(name);
  setResourceHeaders(event);
}

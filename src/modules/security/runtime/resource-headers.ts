import type { H3Event } from 'h3';

import { documentHeaders, resourceHeaders } from './headers.ts';

const everywhere = Object.entries(resourceHeaders);
const pageOnly = [...Object.keys(documentHeaders), 'content-security-policy-report-only'];

/**
 * What an error answer carries, whatever was asked for: the resource set and its
 * `default-src 'none'` policy in place of any page headers a render had set, and in place of
 * the headers of Nitro's own error handler. An error body is JSON, never a page. HSTS, set as
 * the request came in (plugins/headers.ts), stays.
 */
export function setErrorHeaders(event: H3Event): void {
  const res = event.node.res;
  for (const name of pageOnly) res.removeHeader(name);
  for (const [name, value] of everywhere) res.setHeader(name, value);
}

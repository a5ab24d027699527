import { defineNitroPlugin, getRouteRules } from 'nitropack/runtime';

import { isHttps } from '../lib/origin';
import { setDocumentHeaders } from '../lib/page-policy';
import { hsts, resourceHeaders, securityHeadersEnabled } from '../lib/security-headers';

/**
 * Sets `resourceHeaders` (and HSTS over HTTPS) on every response before any handler runs,
 * static files included. Prerendered pages also get their build-time hash policy, which the
 * build stores in their route rule as `csp` (see src/build/prerendered-csp.ts); server-rendered
 * pages get their nonce policy from src/main.server.ts.
 */
export default defineNitroPlugin((nitroApp) => {
  if (!securityHeadersEnabled()) return;
  const everywhere = Object.entries(resourceHeaders);
  nitroApp.hooks.hook('request', (event) => {
    const res = event.node.res;
    for (const [name, value] of everywhere) res.setHeader(name, value);
    if (isHttps(event)) res.setHeader('strict-transport-security', hsts);
    const { csp } = getRouteRules(event);
    if (csp) setDocumentHeaders(res, csp);
  });
});

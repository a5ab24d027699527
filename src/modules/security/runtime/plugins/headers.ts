import { defineNitroPlugin, getRouteRules } from 'nitropack/runtime';

import { securityConfig } from '../config';
import { hsts, resourceHeaders } from '../headers';
import { reportPagePolicyOnly, setPageHeaders } from '../page-policy';
import { isHttps } from '../request';

/**
 * Sets `resourceHeaders` (and HSTS over HTTPS) on every response before any handler runs,
 * static files included. Prerendered pages also get their build-time hash policy, which the
 * build stores in their route rule as `csp` (prerendered-csp.ts); server-rendered pages get
 * their nonce policy from `withPagePolicy` in src/main.server.ts.
 */
export default defineNitroPlugin((nitroApp) => {
  const { cspReportOnly } = securityConfig();
  const everywhere = Object.entries(resourceHeaders);
  nitroApp.hooks.hook('request', (event) => {
    const res = event.node.res;
    for (const [name, value] of everywhere) res.setHeader(name, value);
    if (isHttps(event)) res.setHeader('strict-transport-security', hsts);
    const { csp } = getRouteRules(event);
    if (csp) setPageHeaders(res, csp);
    if (csp && cspReportOnly) reportPagePolicyOnly(res);
  });
  // A server-rendered page sets its policy while it renders, after the `request` hook.
  if (cspReportOnly) nitroApp.hooks.hook('beforeResponse', (event) => reportPagePolicyOnly(event.node.res));
});

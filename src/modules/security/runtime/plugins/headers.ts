import { defineNitroPlugin, getRouteRules, useRuntimeConfig } from 'nitropack/runtime';

import { configureSecurity } from '../config.ts';
import { publishSecurityContext } from '../context.ts';
import { reportPagePolicyOnly, setPageHeaders } from '../page-policy.ts';
import { setResourceHeaders } from '../resource-headers.ts';

/**
 * Sets `resourceHeaders` (and HSTS over HTTPS) on every response before any handler runs,
 * static files included. Prerendered pages also get their build-time hash policy, which the
 * build stores in their route rule as `csp` (prerendered-csp.ts); server-rendered pages get
 * their nonce policy from `withPagePolicy` in src/main.server.ts. Errors get the resource set
 * again from the app's error handler (`setErrorHeaders`), over Nitro's own. Each request gets
 * its `event.context.security`, where a page's nonce is published (`useNonce`).
 */
export default defineNitroPlugin((nitroApp) => {
  const { cspReportOnly } = configureSecurity(useRuntimeConfig());
  nitroApp.hooks.hook('request', (event) => {
    publishSecurityContext(event);
    setResourceHeaders(event);
    const { csp } = getRouteRules(event);
    if (csp) setPageHeaders(event.node.res, csp);
    if (csp && cspReportOnly) reportPagePolicyOnly(event.node.res);
  });
  // A server-rendered page sets its policy while it renders, after the `request` hook.
  if (cspReportOnly) nitroApp.hooks.hook('beforeResponse', (event) => reportPagePolicyOnly(event.node.res));
});

import { defineNitroPlugin, useRuntimeConfig } from 'nitropack/runtime';

import { proxySettings } from '../../../../server/lib/request/index.ts';
import { configureSecurity, isHttpsRequest } from '../config.ts';
import { hsts } from '../headers.ts';
import { reportPagePolicyOnly } from '../page-policy.ts';

/**
 * What depends on the request or the server's settings; the rest needs no hook. Every response's
 * `resourceHeaders`, and a prerendered page's hash policy with its page headers, go out through
 * Nitro's route rules (index.ts, prerendered-csp.ts), static files included; server-rendered
 * pages get their nonce policy from `withPagePolicy` in src/main.server.ts. Errors get the
 * resource set again from the app's error handler (`setErrorHeaders`), over Nitro's own.
 * Each hook is registered only where it has work: a request can be HTTPS only over the
 * server's own TLS or through a trusted proxy, and only report-only mode rewrites policies.
 */
export default defineNitroPlugin((nitroApp) => {
  // A malformed ORIGIN stops the server here, not at its first request.
  proxySettings();
  const { cspReportOnly, trustProxy } = configureSecurity(useRuntimeConfig());
  if (trustProxy || process.env['NITRO_SSL_CERT']) {
    nitroApp.hooks.hook('request', (event) => {
      if (isHttpsRequest(event)) event.node.res.setHeader('strict-transport-security', hsts);
    });
  }
  // After the handler: a server-rendered page sets its policy while it renders.
  if (cspReportOnly) nitroApp.hooks.hook('beforeResponse', (event) => reportPagePolicyOnly(event.node.res));
});

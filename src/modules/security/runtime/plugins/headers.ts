import { defineNitroPlugin, useRuntimeConfig } from 'nitropack/runtime';

import { isHttps, proxySettings } from '../../../request/index.ts';
import { hsts } from '../headers.ts';
import { reportPagePolicyOnly } from '../page-policy.ts';

/** A switch as Nitro hands it over: its env values pass through `destr`, so `1` and `true` arrive as such. */
const isOn = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';

/**
 * What depends on the request or the server's settings; the rest needs no hook. Every response's
 * `resourceHeaders`, and a prerendered page's hash policy with its page headers, go out through
 * Nitro's route rules (index.ts, prerendered-csp.ts), static files included; server-rendered
 * pages get their nonce policy from `withPagePolicy` in src/main.server.ts. Errors get the
 * resource set again from the app's error handler (`setErrorHeaders`), over Nitro's own.
 * Each hook is registered only where it has work: a request can be HTTPS only over the
 * server's own TLS or through a trusted proxy (`TRUST_PROXY`, read by the request kit), and
 * only report-only mode (`CSP_REPORT_ONLY`) rewrites policies.
 */
export default defineNitroPlugin((nitroApp) => {
  // Read at start: a malformed ORIGIN stops the server here, not at its first request.
  const { trustProxy } = proxySettings();
  if (trustProxy || process.env['NITRO_SSL_CERT']) {
    nitroApp.hooks.hook('request', (event) => {
      if (isHttps(event)) event.node.res.setHeader('strict-transport-security', hsts);
    });
  }
  // After the handler: a server-rendered page sets its policy while it renders.
  if (isOn(useRuntimeConfig()['cspReportOnly']))
    nitroApp.hooks.hook('beforeResponse', (event) => reportPagePolicyOnly(event.node.res));
});

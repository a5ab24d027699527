import { fileURLToPath } from 'node:url';
import type { NitroModule } from 'nitropack';

// The route rule it reads (`bodyLimit`), typed wherever this module is imported.
import type {} from './route-rules';
import { cspReportPath, maxReportBytes } from './runtime/csp.ts';
import { resourceHeaders } from './runtime/headers.ts';

/*
 * The module's one public face: the Nitro module for vite.config.ts, and what recipes may ask it
 * at run time. Nothing here imports `nitropack/runtime` (only the files Nitro alone loads do), so
 * this file also loads where Vite runs code outside Nitro: vite.config.ts, and in development
 * src/main.server.ts and src/server/middleware.
 */
export { type SecurityContext, useNonce } from './runtime/context.ts';
// The page renderer (src/main.server.ts) and the page cache, which answers a page with a fresh nonce.
export { cspNoncePlaceholder, createNonce } from './runtime/csp.ts';
export { setPageNonce, withPagePolicy } from './runtime/page-policy.ts';
// The app's error handler (src/server/error.ts) answers every error with the module's header set.
export { setErrorHeaders } from './runtime/resource-headers.ts';
// The header sets themselves, for a build that sets them another way (bench/anchor/vite.config.headers.ts).
export { documentHeaders, resourceHeaders } from './runtime/headers.ts';

/** The hash-based policy the build gives a prerendered page with this HTML (prerendered-csp.ts). */
export async function prerenderedPolicy(html: string): Promise<string> {
  // Build-time code (an HTML parser), loaded only when asked for, as in `setup` below.
  const { hashPolicyFor } = await import('./prerendered-csp.ts');
  return hashPolicyFor(html).policy;
}

/** The largest request body a route accepts unless its route rule says otherwise: 1 MiB. */
export const defaultMaxBodyBytes = 1024 * 1024;

/** What `security()` takes in `analog({ nitro: { modules } })`. */
export interface SecurityOptions {
  /** The largest request body in bytes, for every route without its own `bodyLimit` rule. Default 1 MiB. */
  bodyLimit?: number;
}

/** The runtime config keys it adds, with their defaults: ORIGIN, TRUST_PROXY, CSP_REPORT_ONLY (`envPrefix: ''`). */
export const securitySettings = { origin: '', trustProxy: false, cspReportOnly: false };

const runtime = (path: string) => fileURLToPath(new URL(`./runtime/${path}`, import.meta.url));

/**
 * The security module: security headers and the page CSP (nonce or hashes), the CSP report
 * endpoint, the cross-site form guard, the multipart boundary check, the body limit and proxy trust. See README.md here.
 */
export function security({ bodyLimit = defaultMaxBodyBytes }: SecurityOptions = {}): NitroModule {
  return {
    name: 'security',
    async setup(nitro) {
      const { handlers, plugins, routeRules, runtimeConfig } = nitro.options;
      for (const [key, value] of Object.entries(securitySettings)) runtimeConfig[key] ??= value;
      // Rules a route sets itself win over these defaults. The resource headers go out through
      // Nitro's own route rules, as cheap as headers get: no hook of this module's per request.
      const rule = routeRules['/**'];
      routeRules['/**'] = { bodyLimit, ...rule, headers: { ...resourceHeaders, ...rule?.headers } };
      routeRules[cspReportPath] = { bodyLimit: maxReportBytes, ...routeRules[cspReportPath] };
      handlers.push(
        { middleware: true, handler: runtime('middleware/write-guards.ts') },
        { route: cspReportPath, method: 'post', lazy: true, handler: runtime('handlers/csp-report.post.ts') },
      );
      plugins.push(runtime('plugins/headers.ts'));
      // Build-time code (an HTML parser): imported here, so no server bundle that imports this file holds it.
      const { prerenderedCsp } = await import('./prerendered-csp.ts');
      nitro.hooks.addHooks(prerenderedCsp());
    },
  };
}

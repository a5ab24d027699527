import { fileURLToPath } from 'node:url';
import type { NitroModule } from 'nitropack';

import { prerenderedCsp } from './prerendered-csp.ts';
import { defaultMaxBodyBytes } from './runtime/body-limit.ts';
import { cspReportPath } from './runtime/csp.ts';
import { maxReportBytes } from './runtime/csp-report.ts';

export { cspNoncePlaceholder } from './runtime/csp.ts';

/** What `security()` takes in `analog({ nitro: { modules } })`. */
export interface SecurityOptions {
  /** The largest request body in bytes, for every route without its own `bodyLimit` rule. Default 1 MiB. */
  bodyLimit?: number;
}

const runtime = (path: string) => fileURLToPath(new URL(`./runtime/${path}`, import.meta.url));

/**
 * The security module: security headers and the page CSP (nonce or hashes), the CSP report
 * endpoint, the cross-site form guard, the multipart boundary check, the body limit and proxy trust. See README.md here.
 */
export function security({ bodyLimit = defaultMaxBodyBytes }: SecurityOptions = {}): NitroModule {
  return {
    name: 'security',
    setup(nitro) {
      const { handlers, plugins, routeRules, runtimeConfig } = nitro.options;
      // Env names as documented (`envPrefix: ''`): ORIGIN, TRUST_PROXY, CSP_REPORT_ONLY.
      runtimeConfig['origin'] ??= '';
      runtimeConfig['trustProxy'] ??= false;
      runtimeConfig['cspReportOnly'] ??= false;
      // Rules a route sets itself win over these defaults.
      routeRules['/**'] = { bodyLimit, ...routeRules['/**'] };
      routeRules[cspReportPath] = { bodyLimit: maxReportBytes, ...routeRules[cspReportPath] };
      handlers.push(
        { middleware: true, handler: runtime('middleware/block-cross-site-forms.ts') },
        { middleware: true, handler: runtime('middleware/require-multipart-boundary.ts') },
        { middleware: true, handler: runtime('middleware/body-limit.ts') },
        { route: cspReportPath, method: 'post', lazy: true, handler: runtime('handlers/csp-report.post.ts') },
      );
      plugins.push(runtime('plugins/headers.ts'));
      nitro.hooks.addHooks(prerenderedCsp());
    },
  };
}

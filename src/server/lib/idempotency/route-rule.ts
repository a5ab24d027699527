import { fileURLToPath } from 'node:url';
import type { NitroModule } from 'nitropack';

import { type OperationExtension, idempotentOperation } from './openapi';

declare module 'nitropack' {
  interface NitroRouteConfig {
    /** `Idempotency-Key` on this route's POSTs, without a line in the route (middleware.ts). */
    idempotency?: boolean;
  }
}

/**
 * The route rule that puts `Idempotency-Key` on a route without touching its file, for `routeRules`
 * in vite.config.ts: `'/api/v1/files': { bodyLimit: false, ...idempotentRoute() }`. It also tells the
 * API contract, when the app has it, the header and statuses the route now answers (`openAPI`).
 */
export const idempotentRoute = (): { idempotency: true; openAPI: OperationExtension } => ({
  idempotency: true,
  openAPI: idempotentOperation(),
});

/**
 * The add-on's Nitro module, for `analog({ nitro: { modules } })`: middleware.ts runs under the
 * paths whose rule says `idempotency` (a path, or a `/**` pattern) only; h3 skips it for the rest.
 */
export const idempotency = (): NitroModule => ({
  name: 'idempotency',
  setup({ options }) {
    const handler = fileURLToPath(new URL('./middleware.ts', import.meta.url));
    for (const [path, rule] of Object.entries(options.routeRules))
      if (rule.idempotency)
        options.handlers.push({ route: path.replace(/\/\*\*$/, ''), middleware: true, handler });
  },
});

import 'nitropack';

import { type OperationExtension, idempotentOperation } from './openapi';

declare module 'nitropack' {
  interface NitroRouteConfig {
    /** `Idempotency-Key` on this route's POSTs, without a line in the route (src/server/middleware/idempotency.ts). */
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

/** The page policy the build gives a prerendered page (src/build/prerendered-csp.ts). */
import 'nitropack';

declare module 'nitropack' {
  interface NitroRouteConfig {
    /** The page's hash-based Content-Security-Policy, sent by src/server/plugins/security-headers.ts. */
    csp?: string;
  }
}

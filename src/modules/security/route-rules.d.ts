/** The route rules the security module reads (src/modules/security). */
import 'nitropack';

declare module 'nitropack' {
  interface NitroRouteConfig {
    /** The largest request body in bytes; `false`: the route caps its body itself. */
    bodyLimit?: number | false;
  }
}

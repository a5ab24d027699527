import type { NitroConfig } from 'nitropack';

/**
 * What a variant build changes (vite.config.cluster.ts, vite.config.bench.ts); the app's own build,
 * `appConfig()` in vite.config.ts, changes nothing.
 */
export interface Variant {
  /** Nitro options over the app's: where it writes, its preset. */
  nitro?: NitroConfig;
  /** Leaves the security module out (the bench's baseline), and the committed route list alone. */
  withoutSecurity?: boolean;
}

import { existsSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * Skips Vite's client and SSR builds in a variant that changes Nitro's options alone (its preset,
 * its output folder): those bundles are the app's own, which `vite build` left in `bundles`
 * (dist/client, dist/ssr), and the variant's Nitro build packs and prerenders them from there. It
 * saves the tests a second build of the whole app; the app's build must come first.
 */
export function reuseAppBundles(bundles: string[]): Plugin {
  return {
    name: 'reuse-app-bundles',
    async buildApp(builder) {
      const missing = bundles.filter((path) => !existsSync(path));
      if (missing.length > 0) throw new Error(`No ${missing.join(' or ')}: build the app first (npm run build)`);
      builder.build = async (environment) => {
        environment.isBuilt = true;
        return [];
      };
    },
  };
}

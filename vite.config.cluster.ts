// The tests' second build: the `node-cluster` preset (one worker per core) into dist/cluster,
// beside dist/analog. `vite build --config vite.config.cluster.ts` (test/support/build.ts), after
// the app's build: the preset changes Nitro's output alone, so it packs the app's client and SSR
// bundles instead of building them again.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

import { reuseAppBundles } from './tools/vite/index.ts';
import { appConfig } from './vite.config.ts';

const app = appConfig({
  nitro: { preset: 'node-cluster', output: { dir: 'dist/cluster', publicDir: 'dist/cluster/public' } },
});
const bundles = ['dist/client', 'dist/ssr'].map((dir) => fileURLToPath(new URL(dir, import.meta.url)));

export default defineConfig({ ...app, plugins: [...app.plugins, reuseAppBundles(bundles)] });

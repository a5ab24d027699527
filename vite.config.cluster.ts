// The tests' second build: the `node-cluster` preset (one worker per core) into dist/cluster,
// beside dist/analog. `vite build --config vite.config.cluster.ts` (test/support/build.ts).
import { defineConfig } from 'vite';

import { appConfig } from './vite.config.ts';

export default defineConfig(
  appConfig({
    nitro: { preset: 'node-cluster', output: { dir: 'dist/cluster', publicDir: 'dist/cluster/public' } },
  }),
);

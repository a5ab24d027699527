// The bench's baseline: the app without its security module, into dist/plain, which measures what
// the module costs (bench/servers.mjs, docs/performance.md). Never deploy it.
// `vite build --config vite.config.bench.ts`.
import { defineConfig } from 'vite';

import { appConfig } from './vite.config.ts';

export default defineConfig(
  appConfig({
    withoutSecurity: true,
    nitro: { output: { dir: 'dist/plain', publicDir: 'dist/plain/public' } },
  }),
);

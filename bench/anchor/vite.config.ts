import analog from '@analogjs/platform';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The bench's anchor: a minimal stock Analog app (`npm create analog` with SSR), built with the
 * project's own installed packages. Only two things differ from the template: nothing is
 * prerendered, so its pages render on each request like the app's, and the alias lets its
 * validated-route twins import the app's backport.
 */
const aliases = {
  '#server-actions': fileURLToPath(
    new URL('../../src/backports/analog-server-actions/index.ts', import.meta.url),
  ),
};

export default defineConfig({
  build: { target: ['es2022'] },
  resolve: { mainFields: ['module'], alias: aliases },
  plugins: [analog({ ssr: true, nitro: { alias: aliases }, prerender: { routes: [] } })],
});

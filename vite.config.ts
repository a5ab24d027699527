/// <reference types="vitest/config" />
import analog from '@analogjs/platform';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** Where `@analogjs/router/server/actions` points until Analog 3 ships it (see the backport's header). */
const serverActions = fileURLToPath(new URL('./src/backports/analog-server-actions/index.ts', import.meta.url));
const aliases = { '@analogjs/router/server/actions': serverActions };

export default defineConfig({
  build: { target: ['es2022'] },
  resolve: { mainFields: ['module'], alias: aliases },
  plugins: [
    analog({
      ssr: true,
      nitro: { alias: aliases },
      prerender: {
        routes: async () => [],
      },
    }),
  ],
  test: {
    projects: [
      {
        resolve: { alias: aliases },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/backports/**/*.spec.ts', 'src/server/lib/**/*.spec.ts', 'src/app/shared/**/*.spec.ts'],
          typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: 'tsconfig.spec.json' },
        },
      },
      {
        resolve: { alias: aliases },
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/test/**/*.spec.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});

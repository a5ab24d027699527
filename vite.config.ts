/// <reference types="vitest/config" />
import analog from '@analogjs/platform';
import { defineConfig } from 'vite';

export default defineConfig({
  build: { target: ['es2022'] },
  resolve: { mainFields: ['module'] },
  plugins: [
    analog({
      ssr: true,
      prerender: {
        routes: async () => [],
      },
    }),
  ],
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.spec.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});

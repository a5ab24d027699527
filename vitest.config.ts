// The test projects; `npm run build` and `npm run dev` read vite.config.ts alone.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import angular from '@analogjs/vite-plugin-angular';

import { migrationsSource } from './src/server/lib/db/migrations-module.ts';
import { tsconfigAliases } from './tools/vite/tsconfig-aliases.ts';

const aliases = tsconfigAliases(new URL('.', import.meta.url));

/** `#migrations` for specs that migrate a database of their own: what the `migrations()` Nitro module makes for the server. */
const migrationFiles: Plugin = {
  name: 'migrations',
  resolveId: (id) => (id === '#migrations' ? '\0migrations' : undefined),
  load: (id) =>
    id === '\0migrations'
      ? migrationsSource(fileURLToPath(new URL('./src/server/migrations', import.meta.url)))
      : undefined,
};

export default defineConfig({
  test: {
    // Vitest's default is a core less than the machine has: one file at a time on 2 cores. A server
    // spec mostly waits on the servers it talks to (their own processes), so two files at once.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        plugins: [migrationFiles],
        resolve: { alias: aliases },
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'src/backports/**/*.spec.ts',
            'src/modules/**/*.spec.ts',
            'src/server/lib/**/*.spec.ts',
            'src/server/migrations/**/*.spec.ts',
            'src/app/shared/**/*.spec.ts',
            'src/shared/**/*.spec.ts',
            'tools/**/*.spec.ts',
          ],
          // The stock apps' own specs run in those apps, with their own setup (tools/recipes/README.md);
          // component specs run in the `component` project.
          exclude: [
            'tools/recipes/stock-app/**',
            'tools/recipes/stock-app-latest/**',
            'src/app/**/*.component.spec.ts',
          ],
          typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: 'tsconfig.spec.json' },
        },
      },
      {
        // Angular components rendered by TestBed in jsdom, compiled by Analog's Angular plugin as in a stock app.
        plugins: [angular({ tsconfig: 'tsconfig.spec.json' })],
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['src/app/**/*.component.spec.ts'],
          setupFiles: ['test/support/component-setup.ts'],
        },
      },
      {
        plugins: [migrationFiles],
        resolve: { alias: aliases },
        test: {
          name: 'server',
          environment: 'node',
          include: ['test/server/**/*.spec.ts'],
          globalSetup: ['test/support/server-global-setup.ts'],
          // Checks every response the suite sees against /api/openapi.json.
          setupFiles: ['test/support/setup-contract.ts'],
          testTimeout: 20_000,
        },
      },
      {
        plugins: [migrationFiles],
        resolve: { alias: aliases },
        test: {
          // The data specs again, with the same build on PostgreSQL (DATABASE_URL) instead of SQLite.
          name: 'server-postgres',
          environment: 'node',
          include: ['test/server/{users,todos,todo-events,concurrency,hostile-input}.spec.ts'],
          globalSetup: ['test/support/postgres-global-setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});

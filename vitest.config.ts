// The test projects; `npm run build` and `npm run dev` read vite.config.ts alone.
import { defineConfig } from 'vitest/config';

import { tsconfigAliases } from './tools/vite/tsconfig-aliases.ts';

const aliases = tsconfigAliases(new URL('.', import.meta.url));

export default defineConfig({
  test: {
    projects: [
      {
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
          typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: 'tsconfig.spec.json' },
        },
      },
      {
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

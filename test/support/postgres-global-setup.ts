import type { TestProject } from 'vitest/node';

import { ensureBuild, serverEntry } from './build';
import { startPostgres } from './postgres.mjs';
import { startProductionServer } from './server';
import { signUpAdmin } from './sessions';

/**
 * The same production build as `server-global-setup.ts`, started with `DATABASE_URL` pointing at a
 * throw-away PostgreSQL: the data specs run a second time against it.
 */
export default async function setup(project: TestProject) {
  ensureBuild();
  const postgres = await startPostgres();
  const server = await startProductionServer(serverEntry, { DATABASE_URL: await postgres.createDatabase() });
  project.provide('baseUrl', server.url);
  project.provide('adminCookie', await signUpAdmin(server.url));
  return async () => {
    await server.stop();
    await postgres.stop();
  };
}

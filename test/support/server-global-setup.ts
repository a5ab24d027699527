import type { TestProject } from 'vitest/node';

import { ensureBuild, serverEntry } from './build';
import { startProductionServer } from './server';
import { signUpAdmin } from './sessions';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The served build's `DATA_DIR`: specs look at what it stored (uploads, the SQLite file). */
    dataDir: string;
    /** The session cookie (`session=…`) of the server's admin, `testAdmin` (ADMIN_EMAILS). */
    adminCookie: string;
  }
}

/** The one origin the shared server lets read its public routes cross-origin (test/server/cors.spec.ts). */
export const allowedOrigin = 'https://allowed.example';

/** Builds the app if needed and serves the production build for the server specs. */
export default async function setup(project: TestProject) {
  ensureBuild();
  const server = await startProductionServer(serverEntry, { CORS_ORIGINS: allowedOrigin });
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);
  project.provide('adminCookie', await signUpAdmin(server.url));
  return () => server.stop();
}

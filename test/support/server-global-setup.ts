import type { TestProject } from 'vitest/node';

import { ensureBuild, serverEntry } from './build';
import { startProductionServer } from './server';
import { expectNoErrorLines } from './server-log';
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

/**
 * The error lines the server specs cause on the shared server on purpose: `GET /api/v1/boom`'s
 * 500 (test/server/boom.spec.ts). Any other fails the run at teardown.
 */
const causedOnPurpose = [/"message":"Database password is hunter2".*"msg":"request failed"/];

/**
 * Builds the app if needed and serves the production build for the server specs; once they are
 * done, fails the run when the server logged an error line no spec asked for (`expectNoErrorLines`).
 */
export default async function setup(project: TestProject) {
  ensureBuild();
  const server = await startProductionServer(serverEntry, { CORS_ORIGINS: allowedOrigin });
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);
  project.provide('adminCookie', await signUpAdmin(server.url));
  return async () => {
    const output = server.output();
    await server.stop();
    try {
      expectNoErrorLines(output, causedOnPurpose);
    } catch (error) {
      // Vitest reports an error thrown at teardown but still exits 0: the run must fail.
      console.error(String(error));
      process.exitCode = 1;
    }
  };
}

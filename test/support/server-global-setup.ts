import type { TestProject } from 'vitest/node';

import { ensureBuild, serverEntry } from './build';
import { startProductionServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** The one origin the shared server lets read its public routes cross-origin (test/server/cors.spec.ts). */
export const allowedOrigin = 'https://allowed.example';

/** Builds the app if needed and serves the production build for the server specs. */
export default async function setup(project: TestProject) {
  ensureBuild();
  const server = await startProductionServer(serverEntry, { CORS_ORIGINS: allowedOrigin });
  project.provide('baseUrl', server.url);
  return () => server.stop();
}

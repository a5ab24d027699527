import type { TestProject } from 'vitest/node';

import { ensureBuild } from './build';
import { startProductionServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** Builds the app if needed and serves the production build for the server specs. */
export default async function setup(project: TestProject) {
  ensureBuild();
  const server = await startProductionServer();
  project.provide('baseUrl', server.url);
  return () => server.stop();
}

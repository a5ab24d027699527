import { useRuntimeConfig } from 'nitropack/runtime';
import { resolve } from 'node:path';

/** A path in the app's data folder: `DATA_DIR` (runtime config `dataDir`, default `.data`). */
export function dataPath(...segments: string[]): string {
  return resolve(String(useRuntimeConfig()['dataDir']), ...segments);
}

import { type H3CorsOptions, defineEventHandler } from 'h3';
import { useRuntimeConfig } from 'nitropack/runtime';

import { corsOptions, handlePublicCors } from './cors';

/** The allow-list, read from runtimeConfig `corsOrigins` at the first request. */
let options: H3CorsOptions | undefined;

/**
 * CORS for the routes listed in cors.ts. Nitro runs it only under their path prefixes (module.ts),
 * and, being no file of src/server/middleware, only inside Nitro, where the runtime config is there.
 */
export default defineEventHandler((event) => {
  options ??= corsOptions(useRuntimeConfig()['corsOrigins']);
  handlePublicCors(event, options);
});

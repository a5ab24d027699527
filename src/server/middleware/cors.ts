import { type H3CorsOptions, defineEventHandler } from 'h3';
import { useRuntimeConfig } from 'nitropack/runtime';

import { corsOptions, handlePublicCors } from '../lib/cors';

let options: H3CorsOptions | undefined;

/** CORS for the routes listed in lib/cors.ts, from runtimeConfig `corsOrigins`, read once. */
export default defineEventHandler((event) => {
  options ??= corsOptions(useRuntimeConfig()['corsOrigins']);
  handlePublicCors(event, options);
});

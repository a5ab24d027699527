import { defineNitroPlugin, useRuntimeConfig } from 'nitropack/runtime';

import { corsOptions } from '../lib/cors';

/**
 * Reads the CORS allow-list (runtimeConfig `corsOrigins`) once at start and hands it to each
 * request as `event.context.cors`, for `middleware/cors.ts`. The middleware can't read the config
 * itself: in development Vite also loads middleware for page requests, outside Nitro's runtime.
 */
export default defineNitroPlugin((nitroApp) => {
  const options = corsOptions(useRuntimeConfig()['corsOrigins']);
  nitroApp.hooks.hook('request', (event) => {
    event.context['cors'] = options;
  });
});

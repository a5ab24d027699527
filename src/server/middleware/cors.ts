import { type H3CorsOptions, defineEventHandler } from 'h3';

import { handlePublicCors } from '../lib/cors';

/** CORS for the routes listed in lib/cors/cors.ts, with the allow-list plugins/cors.ts read at start. */
export default defineEventHandler((event) => {
  const options = event.context['cors'] as H3CorsOptions | undefined;
  if (options) handlePublicCors(event, options);
});

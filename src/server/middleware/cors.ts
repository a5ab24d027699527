import { defineEventHandler } from 'h3';

import { handlePublicCors } from '../lib/cors';

/** CORS for the public read routes listed in lib/cors.ts; a preflight is answered 204 here. */
export default defineEventHandler((event) => {
  handlePublicCors(event);
});

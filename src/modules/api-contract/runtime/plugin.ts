import { apiRoutes } from '#api-contract/routes';
import { defineNitroPlugin } from 'nitropack/runtime';

import { setAllowTable } from './allow.ts';
import { openApiDocument } from './document.ts';

/** Builds the 405 `Allow` table and the OpenAPI document once at start, so no request ever pays for them. */
export default defineNitroPlugin(() => {
  setAllowTable(apiRoutes);
  openApiDocument().catch((error: unknown) => console.error('[openapi] could not build the document', error));
});

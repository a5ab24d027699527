import { defineNitroPlugin } from 'nitropack/runtime';

import { openApiDocument } from './document';

/** Builds the OpenAPI document once at start, so no request ever pays for it. */
export default defineNitroPlugin(() => {
  openApiDocument().catch((error: unknown) => console.error('[openapi] could not build the document', error));
});

import type { PageServerLoad } from '@analogjs/router';

import type { OpenApiDocument } from '../../modules/api-contract';

/** The OpenAPI document, fetched in process on the server, so the page renders and hydrates complete. */
export const load = async ({ fetch }: PageServerLoad) => ({
  document: await fetch<OpenApiDocument>('/api/openapi.json'),
});

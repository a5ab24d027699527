import type { PageServerLoad } from '@analogjs/router';

import { loaderApi } from '../shared/api-client';

/** The OpenAPI document, fetched in process on the server, so the page renders and hydrates complete. */
export const load = async ({ fetch }: PageServerLoad) => ({
  document: await loaderApi(fetch)('/api/openapi.json'),
});

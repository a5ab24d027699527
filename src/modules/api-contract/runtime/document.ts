import { createHash } from 'node:crypto';

import { apiRoutes, crossOriginRoutes } from '#api-contract/routes';
import { routeModules } from '#api-contract/route-modules';
import { type OpenApiDocument, buildOpenApi } from './openapi.ts';

const noModule = async () => ({});

/** JSON text that a client receives as `T`: the typed client reads the brand by its shape (src/app/shared/json-text.ts). */
type JsonText<T> = string & { readonly '~json'?: T };

let served: Promise<{ body: JsonText<OpenApiDocument>; etag: string }> | undefined;

/** The document of every API route as JSON text and its ETag, built on the first call (at start) and kept. */
export function openApiDocument() {
  served ??= buildOpenApi(
    apiRoutes.map((route) => ({
      ...route,
      load: routeModules[`${route.method} ${route.route}`] ?? noModule,
    })),
    crossOriginRoutes,
  ).then((document) => {
    const body = JSON.stringify(document);
    return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
  });
  return served;
}

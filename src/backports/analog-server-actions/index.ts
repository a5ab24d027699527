/**
 * Analog 3's server-actions API (`defineApiRoute`, `defineServerRoute`, `definePageLoad`, with `json`,
 * `fail`, `redirect` and `PageServerAction`) backported to Analog 2.7 and h3 1.x, imported as
 * `#server-actions`, never the package's specifier: a route copied without it fails loudly instead of
 * loading Analog 2.7's. docs/validated-routes.md says where it differs from Analog 3.
 */
import type { StandardSchemaV1 as Schema } from '@standard-schema/spec';

import { type RouteOptions, type ServerRoute, defineValidatedRoute } from './define-route';
import { isQueryMethod } from './request-input';

export type { RouteContext, RouteOptions, RouteSchemas, ServerRoute } from './define-route';
export { type PageLoadContext, type PageLoadOptions, definePageLoad } from './define-page-load';
export type { InferRouteBody, InferRouteParams, InferRouteQuery, InferRouteResult } from './infer-route';
export { type PageServerAction, fail, json, redirect } from './responses';

/** The signature both wrappers share: one generic per schema, each inferred from the options. */
type DefineRoute = <
  R,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  I extends Schema | undefined = undefined,
  O extends Schema | undefined = undefined,
>(
  options: RouteOptions<Schemas<P, Q, B, I, O>, R>,
) => ServerRoute<Schemas<P, Q, B, I, O>, R>;

type Schemas<P, Q, B, I, O> = { params: P; query: Q; body: B; input: I; output: O };

/**
 * An API route validated by Standard Schemas: `params`, `query`, `body` (every method but GET and HEAD),
 * `input` (the query on GET/HEAD, else the body) and `output` (development and tests only). Invalid input
 * answers 422 with the issues and `X-Analog-Errors: true`, without calling the handler.
 */
export const defineApiRoute: DefineRoute = (options) =>
  defineValidatedRoute(options, (event) => !isQueryMethod(event));

const bodyMethods = new Set(['POST', 'PUT', 'PATCH']);

/** A route validated like `defineApiRoute`, with `body` checked for POST, PUT and PATCH only. */
export const defineServerRoute: DefineRoute = (options) =>
  defineValidatedRoute(options, (event) => bodyMethods.has(event.method));

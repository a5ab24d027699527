/**
 * Backport of Analog 3's server-actions API (`defineApiRoute`, `defineServerRoute`, `definePageLoad`)
 * to Analog 2.7 and h3 1.x, imported as `#server-actions` (its own specifier, never the package's: a
 * route copied without it fails loudly instead of loading Analog 2.7's), with that module's `json`,
 * `fail`, `redirect` and `PageServerAction`. Two behaviours differ from Analog 3: when `input` and
 * `query` or `body` are both given, all are validated, as the specification says; and
 * `definePageLoad` answers a 4xx its handler throws, or the error status of the API it fetched, as
 * the loader's own (Analog 3 logs it and answers 500). Analog 3 (h3 2) exports only
 * `defineServerRoute`, with `defineApiRoute`'s body rule: docs/validated-routes.md says what else changes.
 */
import type { StandardSchemaV1 as Schema } from '@standard-schema/spec';
import type { H3Event } from 'h3';

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
 * An API route validated by Standard Schemas: `params`, `query`, `body` (every method but
 * GET and HEAD), `input` (query on GET/HEAD, else body) and `output` (development and tests).
 * Invalid input gets 422 with the issues and `X-Analog-Errors: true`; the handler is not called.
 */
export const defineApiRoute: DefineRoute = (options) =>
  defineValidatedRoute(options, { validatesBody: (event) => !isQueryMethod(event) });

const bodyMethods = new Set(['POST', 'PUT', 'PATCH']);

/**
 * A server route validated like `defineApiRoute`, with `body` checked for POST, PUT and PATCH.
 * Export it as `route` too, so clients infer its query, body and result types.
 */
export const defineServerRoute: DefineRoute = (options) =>
  defineValidatedRoute(options, { validatesBody: (event: H3Event) => bodyMethods.has(event.method) });

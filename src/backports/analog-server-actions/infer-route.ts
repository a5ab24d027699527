import type { StandardSchemaV1 } from '@standard-schema/spec';

import type { RouteSchemas, ServerRoute } from './define-route';

type SchemasOf<R> = R extends ServerRoute<infer S, unknown> ? S : never;
type In<S> = S extends StandardSchemaV1 ? StandardSchemaV1.InferInput<S> : undefined;
type ResultOf<R> = R extends { readonly '~route'?: { result: infer T } } ? T : never;

/** What a client sends as the query: the `query` schema's input, else `input`'s. */
export type InferRouteQuery<R> =
  SchemasOf<R> extends infer S extends RouteSchemas
    ? S['query'] extends StandardSchemaV1
      ? In<S['query']>
      : In<S['input']>
    : never;

/** What a client sends as the body: the `body` schema's input, else `input`'s. */
export type InferRouteBody<R> =
  SchemasOf<R> extends infer S extends RouteSchemas
    ? S['body'] extends StandardSchemaV1
      ? In<S['body']>
      : In<S['input']>
    : never;

/** What a client puts in the path parameters: the `params` schema's input. */
export type InferRouteParams<R> = SchemasOf<R> extends infer S extends RouteSchemas ? In<S['params']> : never;

/** What the route answers with on success; a returned `Response` is not part of it. */
export type InferRouteResult<R> = Exclude<Awaited<ResultOf<R>>, Response>;

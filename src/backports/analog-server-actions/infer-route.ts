import type { StandardSchemaV1 } from '@standard-schema/spec';

import type { RouteSchemas, ServerRoute } from './define-route';

type SchemasOf<R> = R extends ServerRoute<infer S extends RouteSchemas, unknown> ? S : never;
type In<S> = S extends StandardSchemaV1 ? StandardSchemaV1.InferInput<S> : undefined;
type InOrInput<S extends RouteSchemas, K extends keyof S> = In<
  S[K] extends StandardSchemaV1 ? S[K] : S['input']
>;
type ResultOf<R> = R extends { readonly '~route'?: { result: infer T } } ? T : never;

/** What a client sends as the query: the `query` schema's input, else `input`'s. */
export type InferRouteQuery<R> = InOrInput<SchemasOf<R>, 'query'>;

/** What a client sends as the body: the `body` schema's input, else `input`'s. */
export type InferRouteBody<R> = InOrInput<SchemasOf<R>, 'body'>;

/** What a client puts in the path parameters: the `params` schema's input. */
export type InferRouteParams<R> = In<SchemasOf<R>['params']>;

/** What the route answers with on success; a returned `Response` is not part of it. */
export type InferRouteResult<R> = Exclude<Awaited<ResultOf<R>>, Response>;

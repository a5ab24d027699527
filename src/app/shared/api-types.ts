import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { Serialize, Simplify } from 'nitropack/types';

import type { RouteSchemas } from '#server-actions';
import type { ApiRoutes } from '../../server/api-routes.gen';
import type { JsonText } from './json-text';

/** The methods the typed client sends. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every route pattern a caller may name: all of them but catch-all fallbacks (`/**`). */
export type ApiPath = Exclude<keyof ApiRoutes, `${string}/**`>;

type UrlOf<P extends string> = P extends `${infer Head}**${string}`
  ? `${Head}${string}`
  : P extends `${infer Head}:${string}/${infer Rest}`
    ? `${Head}${string}/${UrlOf<Rest>}`
    : P extends `${infer Head}:${string}`
      ? `${Head}${string}`
      : P;

/** A concrete URL of a route, parameters filled in, with or without a query: `/api/v1/hello/Ada?x=1`. */
export type ApiUrl = { [P in ApiPath]: UrlOf<P> | `${UrlOf<P>}?${string}` }[ApiPath];

/** The methods a path answers: its files' suffixes, or every method for a file without one. */
export type ApiMethod<P extends ApiPath> = 'default' extends keyof ApiRoutes[P]
  ? HttpMethod
  : Uppercase<Extract<keyof ApiRoutes[P], string>> & HttpMethod;

/** GET when the path answers it; otherwise a call must name its method. */
export type DefaultMethod<P extends ApiPath> = 'GET' extends ApiMethod<P> ? 'GET' : never;

type FileOf<P extends ApiPath, M extends HttpMethod> =
  Lowercase<M> extends keyof ApiRoutes[P]
    ? ApiRoutes[P][Lowercase<M>]
    : 'default' extends keyof ApiRoutes[P]
      ? ApiRoutes[P]['default' & keyof ApiRoutes[P]]
      : never;

/** The handler of a route file: its exported `route` when it has one, else its default export. */
type HandlerOf<F> = F extends { route: infer R } ? R : F extends { default: infer D } ? D : never;

/** A validated route's schemas and result; `never` for a plain `defineEventHandler`. */
type Validated<H> = H extends {
  readonly '~schemas': object;
  readonly '~route'?: { schemas: infer S extends RouteSchemas; result: infer R };
}
  ? { schemas: S; result: R }
  : never;

type In<S> = S extends StandardSchemaV1 ? StandardSchemaV1.InferInput<S> : undefined;
/** A result as it arrives: JSON-serialised, without a returned `Response`; `void` for no body. */
type Json<T> =
  Exclude<Awaited<T>, Response> extends infer X
    ? [X] extends [void]
      ? void
      : X extends JsonText<infer D>
        ? D
        : Simplify<Serialize<X>>
    : never;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A query value as it travels in a URL: repeated names are arrays. */
export type QueryValue =
  string | number | boolean | readonly (string | number | boolean)[] | null | undefined;
type QueryRecord = Record<string, QueryValue>;

type Route<P extends ApiPath, M extends HttpMethod> = HandlerOf<FileOf<P, M>>;
type Schemas<P extends ApiPath, M extends HttpMethod> = Validated<Route<P, M>>['schemas'];
type IsValidated<P extends ApiPath, M extends HttpMethod> = [Validated<Route<P, M>>] extends [never]
  ? false
  : true;
type ReadsBody<M extends HttpMethod> = M extends 'GET' ? false : true;

/** The path parameters: one string per `:name` in the path, narrowed by a `params` schema. */
export type ApiParams<P extends ApiPath, M extends HttpMethod> = [ParamNames<P>] extends [never]
  ? undefined
  : Record<ParamNames<P>, string | number> &
      (IsValidated<P, M> extends true ? NonNullable<In<Schemas<P, M>['params']>> : unknown);

/** The query: the `query` schema's input, or `input`'s on GET; any record for a route without them. */
export type ApiQuery<P extends ApiPath, M extends HttpMethod> =
  IsValidated<P, M> extends true
    ? Schemas<P, M>['query'] extends StandardSchemaV1
      ? In<Schemas<P, M>['query']>
      : Schemas<P, M>['input'] extends StandardSchemaV1
        ? ReadsBody<M> extends true
          ? QueryRecord
          : In<Schemas<P, M>['input']>
        : QueryRecord
    : QueryRecord;

/** The body: the `body` schema's input, else `input`'s; `unknown` for a route that reads its own. */
export type ApiBody<P extends ApiPath, M extends HttpMethod> =
  ReadsBody<M> extends false
    ? undefined
    : IsValidated<P, M> extends true
      ? Schemas<P, M>['body'] extends StandardSchemaV1
        ? In<Schemas<P, M>['body']>
        : In<Schemas<P, M>['input']>
      : unknown;

/** What the call resolves to: the `output` schema's type when given, else the handler's result, as JSON. */
export type ApiResult<P extends ApiPath, M extends HttpMethod> =
  IsValidated<P, M> extends true
    ? Schemas<P, M>['output'] extends StandardSchemaV1
      ? StandardSchemaV1.InferOutput<Schemas<P, M>['output']>
      : Json<Validated<Route<P, M>>['result']>
    : Route<P, M> extends (...args: never[]) => infer R
      ? Json<R>
      : never;

/** `{ key: T }`, optional when `T` accepts an empty value, absent when `T` is `undefined`. */
type Field<K extends string, T> = [T] extends [undefined]
  ? { [_ in K]?: undefined }
  : [T] extends [unknown]
    ? unknown extends T
      ? { [_ in K]?: T }
      : Record<never, never> extends T
        ? { [_ in K]?: T }
        : { [_ in K]: T }
    : never;

/** The options of one call: the method, and the params, query and body that route takes. */
export type ApiOptions<P extends ApiPath, M extends HttpMethod> = { method?: M } & Field<
  'params',
  ApiParams<P, M>
> &
  Field<'query', ApiQuery<P, M>> &
  Field<'body', ApiBody<P, M>>;

/** The options argument, which may be left out when nothing in it is required. */
export type ApiArgs<O> = Record<never, never> extends O ? [options?: O] : [options: O];

/** The inputs of a call, for TanStack query keys and mutation variables. */
export type ApiInputs<P extends ApiPath, M extends HttpMethod> = Omit<ApiOptions<P, M>, 'method'>;

import type { StandardSchemaV1 } from '@standard-schema/spec';
import { type H3EventContext, getRouterParams, isError, setResponseStatus } from 'h3';
import { FetchError } from 'ofetch';

import { type InputRecord, readQueryInput } from './request-input';
import type { PageServerAction } from './responses';
import { type ValidationResult, rejectInput, validate } from './validation';

type MaybeSchema = StandardSchemaV1 | undefined;
type Out<S, Fallback> = S extends StandardSchemaV1 ? StandardSchemaV1.InferOutput<S> : Fallback;

/** What Analog 2.7 passes a page's `load` (the same as its `action`). */
export type PageServerLoadContext = PageServerAction;

/** What a `definePageLoad` handler receives: `params` and `query` validated and typed by their schemas. */
export interface PageLoadContext<P extends MaybeSchema, Q extends MaybeSchema> extends Omit<
  PageServerLoadContext,
  'params'
> {
  params: Out<P, H3EventContext['params']>;
  query: Out<Q, InputRecord>;
}

export interface PageLoadOptions<P extends MaybeSchema, Q extends MaybeSchema, R> {
  params?: P;
  query?: Q;
  handler: (context: PageLoadContext<P, Q>) => R | Promise<R>;
}

/** `value` checked by `schema`, or as it is without one. */
const check = (
  schema: MaybeSchema,
  value: unknown,
): ValidationResult<unknown> | Promise<ValidationResult<unknown>> =>
  schema ? validate(schema, value) : { value };

/**
 * The status an error carries that the loader answers as it is: a `createError` 4xx the handler
 * threw, or the status the API answered its `fetch` with (the API has logged what needed logging).
 */
function relayedStatus(error: unknown): number | undefined {
  if (error instanceof FetchError) return error.status && error.status >= 400 ? error.status : undefined;
  return isError(error) && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : undefined;
}

/**
 * A page's `.server.ts` `load` that validates the decoded route `params` and the `query` with
 * Standard Schemas before the handler fetches anything: invalid input answers 422 with the issues
 * and `X-Analog-Errors: true`, and the page answers 422 too. A 4xx the handler throws, or an error
 * status of the API it fetched (404, 503), becomes the loader's answer without Analog's error log
 * line; anything else is rethrown, a 500. The page's data is the handler's result alone.
 */
export function definePageLoad<R, P extends MaybeSchema = undefined, Q extends MaybeSchema = undefined>(
  options: PageLoadOptions<P, Q, R>,
): (context: PageServerLoadContext) => Promise<R> {
  return async (context) => {
    const { event } = context;
    const rawParams = options.params ? getRouterParams(event, { decode: true }) : context.params;
    const [params, query] = await Promise.all([
      check(options.params, rawParams),
      check(options.query, readQueryInput(event)),
    ]);
    if (params.issues || query.issues) {
      return rejectInput(event, [...(params.issues ?? []), ...(query.issues ?? [])]) as never;
    }
    try {
      return await options.handler({
        ...context,
        params: params.value,
        query: query.value,
      } as PageLoadContext<P, Q>);
    } catch (error) {
      const status = relayedStatus(error);
      if (status === undefined) throw error;
      setResponseStatus(event, status);
      return { statusCode: status } as never;
    }
  };
}

import type { StandardSchemaV1 as Schema } from '@standard-schema/spec';
import { type H3EventContext, getRouterParams, isError, setResponseStatus } from 'h3';
import { FetchError } from 'ofetch';

import { type InputRecord, readQueryInput } from './request-input';
import type { PageServerAction as PageServerLoad } from './responses';
import { type ValidationResult, rejectInput, validate } from './validation';

type Out<S, Fallback> = S extends Schema ? Schema.InferOutput<S> : Fallback;

/** What a `definePageLoad` handler gets: Analog's load context, `params` and `query` validated. */
export type PageLoadContext<P, Q> = Omit<PageServerLoad, 'params'> & {
  params: Out<P, H3EventContext['params']>;
  query: Out<Q, InputRecord>;
};

export interface PageLoadOptions<P, Q, R> {
  params?: P;
  query?: Q;
  handler: (context: PageLoadContext<P, Q>) => R | Promise<R>;
}

const check = (
  schema: Schema | undefined,
  value: unknown,
): ValidationResult<unknown> | Promise<ValidationResult<unknown>> =>
  schema ? validate(schema, value) : { value };

/** A `createError` 4xx the handler threw, or the error status of the API it fetched (which logged it). */
const relayedStatus = (error: unknown) =>
  error instanceof FetchError
    ? error.status
    : isError(error) && error.statusCode < 500
      ? error.statusCode
      : undefined;

/**
 * A page's `.server.ts` `load` that checks the decoded route `params` and the `query` before its
 * handler fetches anything: invalid input answers 422 with the issues, and so does the page. A
 * relayed status (`relayedStatus`) is the loader's answer, without Analog's error line; anything
 * else is rethrown, a 500. The page's data is the handler's result alone.
 */
export function definePageLoad<
  R,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
>(options: PageLoadOptions<P, Q, R>): (context: PageServerLoad) => Promise<R> {
  return async (context) => {
    const { event } = context;
    const [params, query] = await Promise.all([
      check(options.params, options.params ? getRouterParams(event, { decode: true }) : context.params),
      check(options.query, readQueryInput(event)),
    ]);
    if (params.issues || query.issues)
      return rejectInput(event, [...(params.issues ?? []), ...(query.issues ?? [])]) as never;
    try {
      return await options.handler({
        ...context,
        params: params.value,
        query: query.value,
      } as PageLoadContext<P, Q>);
    } catch (error) {
      const status = relayedStatus(error);
      if (!status) throw error;
      setResponseStatus(event, status);
      return { statusCode: status } as never;
    }
  };
}

import type { StandardSchemaV1 as Schema } from '@standard-schema/spec';
import { type H3EventContext, getQuery, getRouterParams, isError, setResponseStatus } from 'h3';
import { FetchError } from 'ofetch';

import type { InputRecord } from './request-input';
import type { PageServerAction as PageServerLoad } from './responses';
import { rejectInput, validate } from './validation';

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

/** A `createError` 4xx the handler threw, or the error status of the API it fetched (which logged it). */
const relayedStatus = (error: unknown) =>
  error instanceof FetchError
    ? error.status
    : isError(error) && error.statusCode < 500
      ? error.statusCode
      : 0;

/**
 * A page's `load` that checks the decoded route `params` and the `query` before its handler fetches
 * anything (422 with the issues), and answers a relayed status as its own (docs/pages-and-loaders.md).
 */
export function definePageLoad<
  R,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
>(options: PageLoadOptions<P, Q, R>): (context: PageServerLoad) => Promise<R> {
  return async (context) => {
    const { event } = context;
    const [params, query] = await Promise.all([
      validate(options.params, options.params ? getRouterParams(event, { decode: true }) : context.params),
      validate(options.query, getQuery(event)),
    ]);
    if (params.issues || query.issues)
      return rejectInput(event, [...(params.issues ?? []), ...(query.issues ?? [])]) as never;
    try {
      const loadContext = { ...context, params: params.value, query: query.value } as PageLoadContext<P, Q>;
      return await options.handler(loadContext);
    } catch (error) {
      const status = relayedStatus(error);
      if (!status) throw error;
      setResponseStatus(event, status);
      return { statusCode: status } as never;
    }
  };
}

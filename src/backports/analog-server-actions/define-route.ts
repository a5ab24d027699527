import type { StandardSchemaV1 } from '@standard-schema/spec';
import {
  type EventHandler,
  type H3Event,
  type H3EventContext,
  defineEventHandler,
  getRouterParams,
  setResponseHeader,
} from 'h3';

import { type InputRecord, isQueryMethod, readBodyInput, readQueryInput } from './request-input';
import { type ValidationResult, checkOutput, rejectInput, validate } from './validation';

type Schema = StandardSchemaV1;
type MaybeSchema = Schema | undefined;
type Out<S, Fallback> = S extends Schema ? StandardSchemaV1.InferOutput<S> : Fallback;

/** The raw router parameters, as h3 types them when no `params` schema is given. */
export type RawParams = H3EventContext['params'];

/** The schemas of one route; an absent schema is `undefined`. */
export interface RouteSchemas {
  params: MaybeSchema;
  query: MaybeSchema;
  body: MaybeSchema;
  input: MaybeSchema;
  output: MaybeSchema;
}

/** What a handler receives: each value validated and typed by its schema. */
export interface RouteContext<S extends RouteSchemas> {
  params: Out<S['params'], RawParams>;
  query: Out<S['query'], InputRecord>;
  body: Out<S['body'], InputRecord>;
  data: S['input'] extends Schema
    ? StandardSchemaV1.InferOutput<S['input']>
    : Out<S['query'], InputRecord> | Out<S['body'], InputRecord>;
  event: H3Event;
}

/** The options of `defineApiRoute` and `defineServerRoute`. */
export interface RouteOptions<S extends RouteSchemas, R> {
  params?: S['params'];
  query?: S['query'];
  body?: S['body'];
  input?: S['input'];
  output?: S['output'];
  handler: (context: RouteContext<S>) => R | Promise<R>;
}

/** A route handler that also carries its schemas' and result's types for typed clients. */
export type ServerRoute<S extends RouteSchemas = RouteSchemas, R = unknown> = EventHandler<
  { body: never },
  Promise<R | readonly StandardSchemaV1.Issue[]>
> & {
  readonly '~route'?: { schemas: S; result: R };
  /** The schemas at run time, for documents built from them (OpenAPI). */
  readonly '~schemas': Partial<RouteSchemas>;
};

/** Which of `params`, `query`, `body` and `input` a wrapper validates for a given request. */
export interface ValidationPolicy {
  /** Whether `body` is validated for this request's method. */
  validatesBody: (event: H3Event) => boolean;
}

/** Settles `value` synchronously when it is not a Promise, so sync steps await nothing. */
function then<T, U>(value: T | Promise<T>, next: (settled: T) => U | Promise<U>): U | Promise<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/**
 * The shared engine of `defineApiRoute` and `defineServerRoute`. Every step that can finish
 * synchronously does (sync schemas, sync handlers, no body to read), so a route that awaits
 * nothing costs h3 no extra turns of the event loop.
 */
export function defineValidatedRoute<S extends RouteSchemas, R>(
  options: RouteOptions<S, R>,
  policy: ValidationPolicy,
): ServerRoute<S, R> {
  const { params: paramsSchema, query: querySchema, body: bodySchema, input: inputSchema } = options;

  function run(event: H3Event, validatesBody: boolean, rawBody: InputRecord) {
    const queryMethod = isQueryMethod(event);
    const rawQuery = readQueryInput(event);
    const rawParams = paramsSchema ? getRouterParams(event, { decode: true }) : event.context.params;
    const checks = [
      [paramsSchema, rawParams],
      [querySchema, rawQuery],
      [validatesBody ? bodySchema : undefined, rawBody],
      [inputSchema, queryMethod ? rawQuery : rawBody],
    ] as const;
    const pending = checks.map(([schema, value]) => (schema ? validate(schema, value) : { value }));
    const outcomes = pending.some((outcome) => outcome instanceof Promise) ? Promise.all(pending) : pending;
    return then(outcomes as ValidationResult<unknown>[] | Promise<ValidationResult<unknown>[]>, (settled) => {
      const issues = settled.flatMap((outcome) => outcome.issues ?? []);
      if (issues.length) return rejectInput(event, issues);
      const [params, query, body, input] = settled.map((outcome) =>
        outcome.issues ? undefined : outcome.value,
      );
      const data = inputSchema ? input : validatesBody ? body : query;
      const context = { params, query, body, data, event } as RouteContext<S>;
      return then(options.handler(context), (result) => respond(event, result));
    });
  }

  function respond(event: H3Event, result: R) {
    if (result instanceof Response) return result;
    const checked = options.output
      ? checkOutput(options.output, result, `${event.method} ${event.path}`)
      : undefined;
    return then(checked, () => {
      if (result === undefined || result === null) return result;
      setResponseHeader(event, 'content-type', 'application/json; charset=utf-8');
      return typeof result === 'object' ? result : JSON.stringify(result);
    });
  }

  const handler = defineEventHandler((event) => {
    const validatesBody = !!bodySchema && policy.validatesBody(event);
    const readsBody = validatesBody || (!!inputSchema && !isQueryMethod(event));
    return readsBody
      ? readBodyInput(event).then((rawBody) => run(event, validatesBody, rawBody))
      : run(event, validatesBody, {});
  });
  const { params, query, body, input, output } = options;
  return Object.assign(handler, { '~schemas': { params, query, body, input, output } }) as ServerRoute<S, R>;
}

import type { StandardSchemaV1 } from '@standard-schema/spec';
import { type EventHandler, type H3Event, defineEventHandler, getQuery, getRouterParams } from 'h3';

import { type InputRecord, isQueryMethod, readBodyInput } from './request-input';
import { type ValidationResult, checkOutput, rejectInput, validate } from './validation';

type Schema = StandardSchemaV1;
type Out<S, Fallback> = S extends Schema ? StandardSchemaV1.InferOutput<S> : Fallback;

/** The schemas of one route; an absent schema is `undefined`. */
export type RouteSchemas = Record<'params' | 'query' | 'body' | 'input' | 'output', Schema | undefined>;

/** What a handler receives: each value validated and typed by its schema. */
export interface RouteContext<S extends RouteSchemas> {
  params: Out<S['params'], H3Event['context']['params']>;
  query: Out<S['query'], InputRecord>;
  body: Out<S['body'], InputRecord>;
  data: Out<S['input'], Out<S['query'], InputRecord> | Out<S['body'], InputRecord>>;
  event: H3Event;
}

/** The options of `defineApiRoute` and `defineServerRoute`. */
export type RouteOptions<S extends RouteSchemas, R> = Partial<S> & {
  handler: (context: RouteContext<S>) => R | Promise<R>;
};

/** A route handler that also carries its schemas' and result's types for typed clients. */
export type ServerRoute<S extends RouteSchemas = RouteSchemas, R = unknown> = EventHandler<
  { body: never },
  Promise<R | readonly StandardSchemaV1.Issue[]>
> & {
  readonly '~route'?: { schemas: S; result: R };
  /** The schemas at run time, for documents built from them (OpenAPI). */
  readonly '~schemas': Partial<RouteSchemas>;
};

/** Settles `value` synchronously when it is not a Promise, so sync steps await nothing. */
function then<T, U>(value: T | Promise<T>, next: (settled: T) => U | Promise<U>): U | Promise<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/**
 * The engine of both wrappers; `validatesBody` says for which requests `body` is validated. Each step that
 * can finish synchronously does, so a route that awaits nothing costs h3 no extra turns of the event loop.
 */
export function defineValidatedRoute<S extends RouteSchemas, R>(
  options: RouteOptions<S, R>,
  validatesBody: (event: H3Event) => boolean,
): ServerRoute<S, R> {
  function run(event: H3Event, checksBody: boolean, rawBody: InputRecord) {
    const rawQuery = getQuery(event); // repeated keys as arrays; h3 (ufo) drops `__proto__` and `constructor`
    const rawParams = options.params ? getRouterParams(event, { decode: true }) : event.context.params;
    const pending = [
      validate(options.params, rawParams),
      validate(options.query, rawQuery),
      validate(checksBody ? options.body : undefined, rawBody),
      validate(options.input, isQueryMethod(event) ? rawQuery : rawBody),
    ];
    const outcomes = pending.some((outcome) => outcome instanceof Promise) ? Promise.all(pending) : pending;
    return then(outcomes as ValidationResult[] | Promise<ValidationResult[]>, (settled) => {
      const issues = settled.flatMap((outcome) => outcome.issues ?? []);
      if (issues.length) return rejectInput(event, issues);
      const [params, query, body, input] = settled.map((outcome) => outcome.value);
      const data = options.input ? input : checksBody ? body : query;
      const context = { params, query, body, data, event } as RouteContext<S>;
      return then(options.handler(context), (result) => respond(event, result));
    });
  }

  function respond(event: H3Event, result: R) {
    if (result instanceof Response) return result;
    return then(checkOutput(options.output, result, event), () => {
      if (result === undefined || result === null) return result;
      event.node.res.setHeader('content-type', 'application/json; charset=utf-8');
      return typeof result === 'object' ? result : JSON.stringify(result);
    });
  }

  const handler = defineEventHandler((event) => {
    const checksBody = !!options.body && validatesBody(event);
    return checksBody || (!!options.input && !isQueryMethod(event))
      ? readBodyInput(event).then((rawBody) => run(event, checksBody, rawBody))
      : run(event, checksBody, {});
  });
  const { params, query, body, input, output } = options;
  return Object.assign(handler, { '~schemas': { params, query, body, input, output } }) as ServerRoute<S, R>;
}

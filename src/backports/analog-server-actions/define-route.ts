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
> & { readonly '~route'?: { schemas: S; result: R } };

/** Which of `params`, `query`, `body` and `input` a wrapper validates for a given request. */
export interface ValidationPolicy {
  /** Whether `body` is validated for this request's method. */
  validatesBody: (event: H3Event) => boolean;
}

/** The shared engine of `defineApiRoute` and `defineServerRoute`. */
export function defineValidatedRoute<S extends RouteSchemas, R>(
  options: RouteOptions<S, R>,
  policy: ValidationPolicy,
): ServerRoute<S, R> {
  const { params: paramsSchema, query: querySchema, body: bodySchema, input: inputSchema } = options;
  return defineEventHandler(async (event) => {
    const queryMethod = isQueryMethod(event);
    const validatesBody = !!bodySchema && policy.validatesBody(event);
    const rawQuery = readQueryInput(event);
    const rawBody = validatesBody || (inputSchema && !queryMethod) ? await readBodyInput(event) : {};

    const rawParams = paramsSchema ? getRouterParams(event, { decode: true }) : event.context.params;
    const checks = [
      [paramsSchema, rawParams],
      [querySchema, rawQuery],
      [validatesBody ? bodySchema : undefined, rawBody],
      [inputSchema, queryMethod ? rawQuery : rawBody],
    ] as const;
    // Sync schemas (most are) settle here without a single await.
    const pending = checks.map(([schema, value]) => (schema ? validate(schema, value) : { value }));
    const outcomes = pending.some((outcome) => outcome instanceof Promise)
      ? await Promise.all(pending)
      : pending;
    const issues = (outcomes as ValidationResult<unknown>[]).flatMap((outcome) => outcome.issues ?? []);
    if (issues.length) return rejectInput(event, issues);
    const [params, query, body, input] = (outcomes as ValidationResult<unknown>[]).map((outcome) =>
      outcome.issues ? undefined : outcome.value,
    );

    const data = inputSchema ? input : validatesBody ? body : query;
    const result = await options.handler({ params, query, body, data, event } as RouteContext<S>);
    if (result instanceof Response) return result;
    if (options.output) await checkOutput(options.output, result, `${event.method} ${event.path}`);
    if (result === undefined || result === null) return result;
    setResponseHeader(event, 'content-type', 'application/json; charset=utf-8');
    return typeof result === 'object' ? result : JSON.stringify(result);
  }) as ServerRoute<S, R>;
}

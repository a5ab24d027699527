import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';

import type { RouteSchemas } from '#server-actions';

type JsonSchema = Record<string, unknown>;
type Defs = Record<string, JsonSchema>;
type Schemas = Partial<RouteSchemas>;

/** A parameter, a response and an operation, as the reference page reads them. */
export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}
export interface OpenApiResponse {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: JsonSchema }>;
}
export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
  'x-analog-file': string;
  'x-analog-route': string;
  parameters: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, OpenApiResponse | { $ref: string }>;
  security?: Record<string, string[]>[];
  /** Who may call it (`anyone`, `signed-in`, `owner`, `owner or admin`, `admin`, `signed request`). */
  'x-access'?: string;
  /** The limits on its abuse, in one sentence. */
  'x-limits'?: string;
  /** A WebSocket handler: the GET is an upgrade, and the messages are on its docs page. */
  'x-websocket'?: true;
}
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    headers: Record<string, unknown>;
    responses: Record<string, OpenApiResponse>;
    securitySchemes: Record<string, unknown>;
  };
}

/**
 * What a route file adds to its generated operation by exporting it as `openApi`: what no schema
 * of the file can say, such as a body it streams itself or a binary answer. Each response given
 * replaces the generated one for its status.
 */
export interface OperationExtension {
  requestBody?: OpenApiOperation['requestBody'];
  responses?: Record<string, OpenApiResponse>;
  /** Added after the generated path and query parameters, e.g. a request header the route reads. */
  parameters?: OpenApiParameter[];
}

/** A response as a route declares it: what it means, and its media types when it has a body. */
export interface DeclaredResponse {
  description: string;
  content?: Record<string, object>;
}

/**
 * A route as the document needs it: Nitro's pattern and method (`default`: any), its file and
 * header, every status it answers and who may call it (its `security`, `access` and `limits`), all
 * read from its source and checked at build time, and its module.
 */
export interface ContractRoute {
  route: string;
  method: string;
  file: string;
  summary: string;
  description: string;
  answers: Record<string, DeclaredResponse>;
  security: Record<string, string[]>[];
  access: string;
  limits: string;
  /** A WebSocket handler (`// WS` on line 2): the GET is an upgrade. */
  websocket?: boolean;
  /** What the route's rule adds, after what its file's `openApi` export adds. */
  rule?: OperationExtension;
  load: () => Promise<{ default?: unknown; route?: unknown; openApi?: OperationExtension }>;
}

/** The methods an any-method file (no suffix) is documented under. */
export const anyMethods = ['get', 'post', 'put', 'patch', 'delete'] as const;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** What every validated route answers on bad input, and what h3 and the catch-all answer on errors. */
const components = {
  schemas: {
    Issues: {
      type: 'array',
      description: 'The Standard Schema issues: one per failed check.',
      items: {
        type: 'object',
        required: ['message'],
        properties: {
          message: { type: 'string' },
          path: {
            type: 'array',
            items: {
              anyOf: [
                { type: 'string' },
                { type: 'number' },
                { type: 'object', required: ['key'], properties: { key: { type: ['string', 'number'] } } },
              ],
            },
          },
        },
      },
    },
    ErrorBody: {
      type: 'object',
      description: "h3's JSON error body; production adds no stack.",
      required: ['statusCode', 'statusMessage', 'message'],
      properties: {
        error: { type: 'boolean' },
        url: { type: 'string' },
        statusCode: { type: 'integer', minimum: 400, maximum: 599 },
        statusMessage: { type: 'string' },
        message: { type: 'string' },
        data: {},
      },
    },
  } as Record<string, JsonSchema>,
  headers: {
    'X-Analog-Errors': {
      description: 'Marks a validation failure.',
      schema: { type: 'string', const: 'true' },
    },
  },
  responses: {
    ValidationFailed: {
      description: 'The input failed its schema; the handler did not run.',
      headers: { 'X-Analog-Errors': { $ref: '#/components/headers/X-Analog-Errors' } },
      content: { 'application/json': { schema: ref('Issues') } },
    },
    BadRequest: errorResponse(
      'A path parameter that cannot be decoded, or is unsafe; or a `multipart/form-data` body without a boundary.',
    ),
    Forbidden: errorResponse(
      'A form posted from another site (its `Origin` is not this app, or `Sec-Fetch-Site: cross-site` without `Origin`); a client that does not accept JSON gets text.',
    ),
    NotFound: errorResponse('No route has the path, cut short where a parameter held an encoded `?`.'),
    MethodNotAllowed: errorResponse('The path answers other methods, listed in `Allow`.'),
    PayloadTooLarge: errorResponse('The request body is over 1 MiB.'),
    ServerError: errorResponse('An uncaught error; production sends no stack or message.'),
    ServiceUnavailable: {
      ...errorResponse('The database is unreachable; retry after `Retry-After` seconds.'),
      headers: { 'Retry-After': { schema: { type: 'integer', minimum: 1 } } },
    },
    TooManyRequests: {
      ...errorResponse('Too many attempts; retry after `Retry-After` seconds.'),
      headers: {
        'Retry-After': { schema: { type: 'integer', minimum: 1 } },
        RateLimit: { description: 'IETF draft: `"<policy>";r=0;t=<seconds>`.', schema: { type: 'string' } },
        'RateLimit-Policy': {
          description: 'IETF draft: `"<policy>";q=<limit>;w=<window seconds>`.',
          schema: { type: 'string' },
        },
      },
    },
  },
  securitySchemes: {
    session: {
      type: 'apiKey',
      in: 'cookie',
      name: 'session',
      description:
        'The sealed session cookie set by `POST /api/v1/auth/sign-in` or `sign-up` (HttpOnly, SameSite=Lax).',
    },
  },
};

/** Declared statuses whose shared response carries headers a client needs (`Retry-After`, `RateLimit`). */
const sharedWithHeaders: Record<number, string> = { 429: 'TooManyRequests', 503: 'ServiceUnavailable' };

function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: ref('ErrorBody') } } };
}

const sharedErrors: Record<number, string> = {
  400: 'BadRequest',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  413: 'PayloadTooLarge',
  500: 'ServerError',
  503: 'ServiceUnavailable',
};

/**
 * A schema's JSON Schema through Standard JSON Schema (`~standard.jsonSchema`, which zod 4
 * implements natively and valibot through `toStandardJsonSchema`). Its `$defs` move to
 * `components.schemas`, with each `$ref` rewritten. A schema without a converter is `{}`.
 */
export function toJsonSchema(schema: StandardSchemaV1, io: 'input' | 'output', defs: Defs) {
  const converter = (schema['~standard'] as Partial<StandardJSONSchemaV1.Props>).jsonSchema;
  if (!converter) return { description: `A ${schema['~standard'].vendor} schema with no JSON Schema` };
  const { $defs, ...json } = converter[io]({
    target: 'draft-2020-12',
    libraryOptions: { unrepresentable: 'any' },
  }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  // The document's dialect is JSON Schema 2020-12 already.
  delete json['$schema'];
  Object.assign(defs, $defs);
  return JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
}

/** `/api/v1/todos/:id` → `/api/v1/todos/{id}`; a catch-all `**:slug` is `{slug}`, `/**` is `{path}`. */
export function openApiPath(route: string): string {
  return route
    .replace(/\*\*:(\w+)/g, '{$1}')
    .replace(/\/\*\*$/, '/{path}')
    .replace(/:(\w+)/g, '{$1}');
}

/** `get` on `/api/v1/todos/:id` → `getApiV1TodosId`. */
const operationId = (method: string, route: string) =>
  method + route.replace(/[^A-Za-z0-9]+(.)?/g, (_m, next?: string) => (next ?? '').toUpperCase());

function pathParamNames(route: string): string[] {
  const names = [...route.matchAll(/:(\w+)/g)].map((match) => match[1]);
  return route.endsWith('/**') ? [...names, 'path'] : names;
}

function queryParameters(json: JsonSchema): OpenApiParameter[] {
  const required = new Set((json['required'] ?? []) as string[]);
  const properties = Object.entries((json['properties'] ?? {}) as Record<string, JsonSchema>);
  return properties.map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }));
}

function operation(route: ContractRoute, method: string, schemas: Schemas, defs: Defs): OpenApiOperation {
  const readsBody = method !== 'get';
  const validated = Object.values(schemas).some(Boolean);
  const params = schemas.params ? toJsonSchema(schemas.params, 'input', defs) : { properties: {} };
  const paramSchemas = (params['properties'] ?? {}) as Record<string, JsonSchema>;
  const query = schemas.query ?? (readsBody ? undefined : schemas.input);
  const body = readsBody ? (schemas.body ?? schemas.input) : undefined;

  const parameters = [
    ...pathParamNames(route.route).map((name) => ({
      name,
      in: 'path' as const,
      required: true,
      schema: paramSchemas[name] ?? { type: 'string' },
    })),
    ...(query ? queryParameters(toJsonSchema(query, 'input', defs)) : []),
  ];

  const responses: OpenApiOperation['responses'] = {};
  for (const [status, declared] of Object.entries(route.answers)) {
    const shared = sharedWithHeaders[Number(status)];
    responses[status] = shared
      ? { $ref: `#/components/responses/${shared}` }
      : documentedResponse(Number(status), declared, schemas, defs);
  }
  if (validated) responses['422'] = { $ref: '#/components/responses/ValidationFailed' };
  // What the server answers for any route, beside what the route declares: 413 (body limit), 500 and 503
  // (database down); a method with a body refuses a cross-site form post (403) and a multipart body without a
  // boundary (400). A path parameter may be undecodable (400), or hold an encoded `?`, which h3 1.x decodes and
  // cuts the path at, so the catch-all answers for the shorter path: 404, or 405 where it has routes.
  const shared = [
    ...(pathParamNames(route.route).length ? [400, 404, 405] : []),
    ...(readsBody ? [400, 403] : []),
    ...[413, 500, 503],
  ];
  for (const status of shared) {
    responses[String(status)] ??= { $ref: `#/components/responses/${sharedErrors[status]}` };
  }

  const schema = body && toJsonSchema(body, 'input', defs);
  return {
    operationId: operationId(method, route.route),
    summary: route.summary,
    description: route.description,
    'x-analog-file': route.file,
    'x-analog-route': route.route,
    parameters,
    responses,
    security: route.security,
    'x-access': route.access,
    'x-limits': route.limits,
    ...(schema && {
      requestBody: {
        required: true,
        content: {
          'application/json': { schema },
          'application/x-www-form-urlencoded': { schema },
          'multipart/form-data': { schema },
        },
      },
    }),
  };
}

/**
 * One declared status as the document shows it: an error with h3's JSON error body; a redirect
 * with its `Location`; a body in each declared media type (JSON without one), its schema from
 * the route's `output` schema for JSON, else any JSON or a string.
 */
function documentedResponse(
  status: number,
  { description, content }: DeclaredResponse,
  schemas: Schemas,
  defs: Defs,
): OpenApiResponse {
  if (status >= 400) return errorResponse(description);
  if (status === 204 || status === 304) return { description };
  if (status >= 300) return { description, headers: { Location: { schema: { type: 'string' } } } };
  const types = Object.keys(content ?? { 'application/json': {} });
  return {
    description,
    content: Object.fromEntries(
      types.map((type) => {
        if (type !== 'application/json') return [type, { schema: { type: 'string' } }];
        return [type, { schema: schemas.output ? toJsonSchema(schemas.output, 'output', defs) : {} }];
      }),
    ),
  };
}

/** Reads the schemas a validated route carries at run time; `{}` for a plain handler. */
function schemasOf(module: { default?: unknown; route?: unknown }): Schemas {
  const handler = (module.route ?? module.default) as { '~schemas'?: Schemas } | undefined;
  return handler?.['~schemas'] ?? {};
}

/** The CORS preflight of a cross-origin route, answered by middleware before the route runs. */
function preflight(route: ContractRoute): OpenApiOperation {
  return {
    operationId: operationId('options', route.route),
    summary: 'CORS preflight',
    description: 'An allowed `Origin` gets the `Access-Control-Allow-*` headers; any other gets none.',
    'x-analog-file': route.file,
    'x-analog-route': route.route,
    parameters: [],
    responses: { '204': { description: 'Preflight answered.' } },
    security: [],
    'x-access': 'anyone',
    'x-limits': 'None: it carries no body and changes nothing.',
  };
}

/**
 * The OpenAPI 3.1 document of `routes`, from the statuses and schemas each route states;
 * `crossOrigin` names the routes other sites may call, which answer a CORS preflight too.
 */
export async function buildOpenApi(
  routes: readonly ContractRoute[],
  crossOrigin: readonly string[] = [],
): Promise<OpenApiDocument> {
  const defs: Defs = {};
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const module = await route.load();
    const schemas = schemasOf(module);
    // A WebSocket handler answers any method (426 but for an upgrade); the upgrade is a GET.
    const methods = route.websocket ? ['get'] : route.method === 'default' ? anyMethods : [route.method];
    const item = (paths[openApiPath(route.route)] ??= {});
    for (const method of methods) {
      const generated = operation(route, method, schemas, defs);
      if (route.websocket) generated['x-websocket'] = true;
      const [own, rule] = [module.openApi ?? {}, route.rule ?? {}];
      item[method] = {
        ...generated,
        parameters: [...generated.parameters, ...(own.parameters ?? []), ...(rule.parameters ?? [])],
        requestBody: own.requestBody ?? generated.requestBody,
        responses: { ...generated.responses, ...own.responses, ...rule.responses },
      };
    }
    if (crossOrigin.includes(route.route)) item['options'] = preflight(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Analog API routes',
      version: '1.0.0',
      description: 'Every API route, with the statuses it declares and the schemas it validates.',
    },
    paths,
    components: { ...components, schemas: { ...components.schemas, ...defs } },
  };
}

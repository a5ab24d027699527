import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import { createHash } from 'node:crypto';

import type { RouteSchemas } from '@analogjs/router/server/actions';
import { apiRouteFiles } from '../api-routes.gen';

type JsonSchema = Record<string, unknown>;

/** JSON text that a client receives as `T`: a response serialised once, ahead of the request. */
export type JsonText<T> = string & { readonly '~json'?: T };

/** A parameter, a response and an operation, as the reference page reads them. */
export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
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
}
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    headers: Record<string, unknown>;
    responses: Record<string, OpenApiResponse>;
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
}

/** A route file as the generated list describes it; `load` imports its module. */
export interface RouteFile {
  route: string;
  method: string;
  file: string;
  summary: string;
  description: string;
  success: number | null;
  statuses: readonly number[];
  contentType: string;
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
    BadRequest: errorResponse('A path parameter that cannot be decoded, or is unsafe.'),
    NotFound: errorResponse('Not found: no route, or no such record.'),
    Forbidden: errorResponse(
      'A form posted from another site (its `Origin` is not this app); a client that does not accept JSON gets text.',
    ),
    MethodNotAllowed: errorResponse('The path answers other methods, listed in `Allow`.'),
    PayloadTooLarge: errorResponse('The request body is over 1 MiB.'),
    ServerError: errorResponse('An uncaught error; production sends no stack or message.'),
    ServiceUnavailable: {
      ...errorResponse('The database is unreachable; retry after `Retry-After` seconds.'),
      headers: { 'Retry-After': { schema: { type: 'integer', minimum: 1 } } },
    },
  },
};

const redirects: Record<number, string> = {
  303: 'A browser form post without JavaScript is redirected back to its page.',
  304: 'Not modified: the ETag matched.',
};

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
export function toJsonSchema(
  schema: StandardSchemaV1,
  io: 'input' | 'output',
  defs: Record<string, JsonSchema>,
) {
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

function pathParamNames(route: string): string[] {
  const names = [...route.matchAll(/:(\w+)/g)].map((match) => match[1]);
  return route.endsWith('/**') ? [...names, 'path'] : names;
}

function objectParameters(schema: JsonSchema, where: 'path' | 'query'): OpenApiParameter[] {
  const properties = (schema['properties'] ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema['required'] ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

function operation(
  file: RouteFile,
  method: string,
  schemas: Partial<RouteSchemas>,
  defs: Record<string, JsonSchema>,
): OpenApiOperation {
  const readsBody = method !== 'get';
  const validated = Object.values(schemas).some(Boolean);
  const params = schemas.params ? toJsonSchema(schemas.params, 'input', defs) : { properties: {} };
  const paramSchemas = (params['properties'] ?? {}) as Record<string, JsonSchema>;
  const query = schemas.query ?? (readsBody ? undefined : schemas.input);
  const body = readsBody ? (schemas.body ?? schemas.input) : undefined;

  const parameters = [
    ...pathParamNames(file.route).map((name) => ({
      name,
      in: 'path' as const,
      required: true,
      schema: paramSchemas[name] ?? { type: 'string' },
    })),
    ...(query ? objectParameters(toJsonSchema(query, 'input', defs), 'query') : []),
  ];

  const responses: OpenApiOperation['responses'] = {};
  if (file.success !== null) responses[String(file.success)] = successResponse(file, schemas, defs);
  if (validated) responses['422'] = { $ref: '#/components/responses/ValidationFailed' };
  // Any route may answer 404, 413 (body limit), 500 and 503 (database down); a method with a body
  // refuses a cross-site form post (403). A path parameter may be undecodable (400), or start with
  // an encoded `?`, which h3 1.x decodes and cuts the path at, so the parent path's 405 answers.
  const shared = [
    ...(pathParamNames(file.route).length ? [400, 405] : []),
    ...(readsBody ? [403] : []),
    ...[404, 413, 500, 503],
  ];
  for (const status of [...file.statuses, ...shared]) {
    if (responses[String(status)]) continue;
    const name = sharedErrors[status];
    responses[String(status)] = name
      ? { $ref: `#/components/responses/${name}` }
      : status < 400
        ? { description: redirects[status] ?? `Answered with ${status}.` }
        : errorResponse(`Rejected by the route with ${status}.`);
  }

  const op: OpenApiOperation = {
    operationId: `${method}${file.route.replace(/[^A-Za-z0-9]+(.)?/g, (_m, next?: string) => (next ?? '').toUpperCase())}`,
    summary: file.summary,
    description: file.description,
    'x-analog-file': file.file,
    'x-analog-route': file.route,
    parameters,
    responses,
  };
  if (body) {
    const schema = toJsonSchema(body, 'input', defs);
    op.requestBody = {
      required: true,
      content: {
        'application/json': { schema },
        'application/x-www-form-urlencoded': { schema },
        'multipart/form-data': { schema },
      },
    };
  }
  return op;
}

function successResponse(
  file: RouteFile,
  schemas: Partial<RouteSchemas>,
  defs: Record<string, JsonSchema>,
): OpenApiResponse {
  const status = file.success ?? 200;
  if (status === 204) return { description: 'No content.' };
  if (status >= 300 && status < 400) {
    return { description: 'A redirect.', headers: { Location: { schema: { type: 'string' } } } };
  }
  const schema = schemas.output
    ? toJsonSchema(schemas.output, 'output', defs)
    : file.contentType === 'application/json'
      ? {}
      : { type: 'string' };
  return { description: 'The handler result.', content: { [file.contentType]: { schema } } };
}

/** Reads the schemas a validated route carries at run time; `{}` for a plain handler. */
function schemasOf(module: { default?: unknown; route?: unknown }): Partial<RouteSchemas> {
  const handler = (module.route ?? module.default) as { '~schemas'?: Partial<RouteSchemas> } | undefined;
  return handler?.['~schemas'] ?? {};
}

/** The OpenAPI 3.1 document of every route file, from the schemas each route already declares. */
export async function buildOpenApi(files: readonly RouteFile[] = apiRouteFiles): Promise<OpenApiDocument> {
  const defs: Record<string, JsonSchema> = {};
  const paths: OpenApiDocument['paths'] = {};
  for (const file of files) {
    const module = await file.load();
    const schemas = schemasOf(module);
    const methods = file.method === 'default' ? anyMethods : [file.method];
    const item = (paths[openApiPath(file.route)] ??= {});
    for (const method of methods) {
      const generated = operation(file, method, schemas, defs);
      const { requestBody = generated.requestBody, responses } = module.openApi ?? {};
      item[method] = { ...generated, requestBody, responses: { ...generated.responses, ...responses } };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Analog API routes',
      version: '1.0.0',
      description: 'Every file under src/server/routes/api, with the schemas each route validates.',
    },
    paths,
    components: { ...components, schemas: { ...components.schemas, ...defs } },
  };
}

let served: Promise<{ body: JsonText<OpenApiDocument>; etag: string }> | undefined;

/** The document as JSON text and its ETag, built on the first call (at start) and kept. */
export function openApiDocument() {
  served ??= buildOpenApi().then((document) => {
    const body = JSON.stringify(document);
    return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
  });
  return served;
}

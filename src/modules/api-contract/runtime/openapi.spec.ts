import type { StandardSchemaV1 } from '@standard-schema/spec';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { defineApiRoute } from '#server-actions';

import { type ContractRoute, buildOpenApi, openApiPath, toJsonSchema } from './openapi';

const file = (overrides: Partial<ContractRoute>): ContractRoute => ({
  route: '/api/v1/things/:id',
  method: 'put',
  file: 'src/server/routes/api/v1/things/[id].put.ts',
  summary: 'Thing',
  description: 'A thing.',
  answers: { 200: { description: 'The thing.' }, 404: { description: 'No thing has the id.' } },
  security: [],
  access: 'anyone',
  limits: 'None.',
  load: async () => ({ default: undefined }),
  ...overrides,
});

describe('toJsonSchema', () => {
  it('moves $defs to components.schemas and rewrites each $ref', () => {
    const node = z.object({ name: z.string() }).meta({ id: 'Node' });
    const tree = z.object({ root: node, children: z.array(node) });
    const defs = {};
    const schema = toJsonSchema(tree, 'input', defs);
    expect(defs).toEqual({ Node: expect.objectContaining({ type: 'object' }) });
    expect(JSON.stringify(schema)).toContain('"$ref":"#/components/schemas/Node"');
    expect(JSON.stringify(schema)).not.toContain('$defs');
    expect(schema).not.toHaveProperty('$schema');
  });

  it('converts the input side of a transform, and documents a schema with no converter as {}', () => {
    const defs = {};
    const flag = z.object({ done: z.enum(['true', 'false']).transform((done) => done === 'true') });
    expect(toJsonSchema(flag, 'input', defs)).toMatchObject({
      properties: { done: { enum: ['true', 'false'] } },
    });
    const hand: StandardSchemaV1 = {
      '~standard': { version: 1, vendor: 'hand', validate: (value) => ({ value }) },
    };
    expect(toJsonSchema(hand, 'input', defs)).toEqual({ description: 'A hand schema with no JSON Schema' });
  });
});

describe('toJsonSchema with valibot', () => {
  it('converts a valibot schema wrapped in toStandardJsonSchema, which still validates', async () => {
    const name = toStandardJsonSchema(v.object({ name: v.pipe(v.string(), v.minLength(1)) }));
    expect(toJsonSchema(name, 'input', {})).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string', minLength: 1 } },
      required: ['name'],
    });
    expect(await name['~standard'].validate({ name: '' })).toHaveProperty('issues');
  });
});

describe('openApiPath', () => {
  it('writes Nitro patterns as OpenAPI paths', () => {
    expect(openApiPath('/api/v1/todos/:id')).toBe('/api/v1/todos/{id}');
    expect(openApiPath('/api/v1/docs/**:slug')).toBe('/api/v1/docs/{slug}');
    expect(openApiPath('/api/**')).toBe('/api/{path}');
  });
});

describe('buildOpenApi', () => {
  it('documents params, body, output and the shared responses of a validated route', async () => {
    const route = defineApiRoute({
      params: z.object({ id: z.coerce.number().int() }),
      body: z.object({ name: z.string().min(1) }),
      output: z.object({ id: z.number(), name: z.string() }),
      handler: ({ params, body }) => ({ id: params.id, name: body.name }),
    });
    const document = await buildOpenApi([file({ load: async () => ({ default: route }) })]);
    const op = document.paths['/api/v1/things/{id}']['put'];
    expect(op.parameters).toEqual([
      {
        name: 'id',
        in: 'path',
        required: true,
        schema: { type: 'integer', maximum: 9007199254740991, minimum: -9007199254740991 },
      },
    ]);
    expect(op.requestBody?.content['multipart/form-data'].schema).toMatchObject({ required: ['name'] });
    expect(op.responses['200']).toMatchObject({
      content: { 'application/json': { schema: { required: ['id', 'name'] } } },
    });
    expect(Object.keys(op.responses).sort()).toEqual([
      '200',
      '400',
      '403',
      '404',
      '405',
      '413',
      '422',
      '500',
      '503',
    ]);
    expect(op.responses['404']).toMatchObject({ description: 'No thing has the id.' });
  });

  it('says who may call each operation: its security, x-access and x-limits', async () => {
    const guarded = file({
      answers: { 200: { description: 'Yours.' } },
      security: [{ session: [] }],
      access: 'owner or admin',
      limits: 'Body ≤ 1 MiB.',
    });
    const document = await buildOpenApi([guarded, file({ route: '/api/v1/open', method: 'get' })]);
    expect(document.paths['/api/v1/things/{id}']['put']).toMatchObject({
      security: [{ session: [] }],
      'x-access': 'owner or admin',
      'x-limits': 'Body ≤ 1 MiB.',
    });
    expect(document.paths['/api/v1/open']['get']).toMatchObject({ security: [], 'x-access': 'anyone' });
  });

  it('documents only the statuses a route declares, beside what the server answers for any route', async () => {
    const document = await buildOpenApi([
      file({ route: '/api/v1/things', method: 'get', answers: { 200: { description: 'Things.' } } }),
    ]);
    expect(Object.keys(document.paths['/api/v1/things']['get'].responses).sort()).toEqual([
      '200',
      '413',
      '500',
      '503',
    ]);
  });

  it('documents a declared media type with a string body, and a redirect with its Location', async () => {
    const document = await buildOpenApi([
      file({
        route: '/api/v1/things.csv',
        method: 'get',
        answers: { 200: { description: 'CSV.', content: { 'text/csv': {} } } },
      }),
      file({ route: '/api/v1/away', method: 'get', answers: { 302: { description: 'Away.' } } }),
    ]);
    expect(document.paths['/api/v1/things.csv']['get'].responses['200']).toEqual({
      description: 'CSV.',
      content: { 'text/csv': { schema: { type: 'string' } } },
    });
    expect(document.paths['/api/v1/away']['get'].responses['302']).toEqual({
      description: 'Away.',
      headers: { Location: { schema: { type: 'string' } } },
    });
  });

  it('documents a file without a method suffix under every method, and a plain handler without 422', async () => {
    const document = await buildOpenApi([
      file({
        route: '/api/v1/plain',
        method: 'default',
        answers: { 204: { description: 'No content.' } },
      }),
    ]);
    expect(Object.keys(document.paths['/api/v1/plain'])).toEqual(['get', 'post', 'put', 'patch', 'delete']);
    expect(document.paths['/api/v1/plain']['post'].responses).not.toHaveProperty('422');
    expect(document.paths['/api/v1/plain']['post'].responses['204']).toEqual({ description: 'No content.' });
  });
});

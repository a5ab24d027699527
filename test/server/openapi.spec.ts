import { Validator } from '@seriousme/openapi-schema-validator';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';

import { root } from '../support/build';
import { contractChecker } from '../support/openapi-contract';
import { type OpenApiDocument, anyMethods, openApiPath } from '../../src/modules/api-contract';
import { apiCatalogue } from '../../src/server/api-catalogue.gen';

const baseUrl = inject('baseUrl');

async function getDocument() {
  const response = await fetch(`${baseUrl}/api/openapi.json`);
  return { response, document: (await response.json()) as OpenApiDocument };
}

/**
 * Each API route the build scanned (the list it wrote beside the sources), as its OpenAPI path and
 * methods: a WebSocket handler (`WS`) is documented as the GET of its upgrade.
 */
function routeFiles() {
  return apiCatalogue.map(({ file, method, url, access, limits }) => ({
    file,
    path: openApiPath(url),
    methods: method === 'ANY' ? [...anyMethods] : method === 'WS' ? ['get'] : [method.toLowerCase()],
    access,
    limits,
  }));
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document that the official schema accepts', async () => {
    const { response, document } = await getDocument();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(
      document as unknown as Parameters<Validator['validate']>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('answers a conditional GET with its ETag with 304 and no body', async () => {
    const { response } = await getDocument();
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
    const again = await fetch(`${baseUrl}/api/openapi.json`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('is written into the static output as the same document', async () => {
    const { document } = await getDocument();
    const file = JSON.parse(readFileSync(join(root, 'dist/analog/public/api/openapi.json'), 'utf8'));
    expect(file).toEqual(document);
  });
});

describe('/api/openapi.json against the route files', () => {
  it('documents every route file under every method it answers', async () => {
    const { document } = await getDocument();
    const files = routeFiles();
    expect(files.length).toBeGreaterThan(15);
    for (const { file, path, methods: answered } of files) {
      for (const method of answered) {
        const op = document.paths[path]?.[method];
        expect(op, `${method.toUpperCase()} ${path} (${file})`).toBeDefined();
        expect(op?.['x-analog-file']).toBe(file);
      }
    }
  });

  it('documents no operation without a route file, besides the CORS preflights', async () => {
    const { document } = await getDocument();
    const answered = new Map<string, string[]>();
    for (const { path, methods: some } of routeFiles())
      answered.set(path, [...(answered.get(path) ?? []), ...some]);
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of Object.keys(item)) {
        if (method === 'options') {
          // A CORS preflight (src/server/lib/cors/middleware.ts) belongs to the route it opens.
          expect(answered.get(path), `OPTIONS ${path}`).toContain('get');
          continue;
        }
        expect(answered.get(path), `${method.toUpperCase()} ${path}`).toContain(method);
      }
    }
  });

  it('says who may call each operation, as the access table of docs/security.md does', async () => {
    const { document } = await getDocument();
    for (const { file, path, methods: answered, access, limits } of routeFiles()) {
      for (const method of answered) {
        const op = document.paths[path][method];
        expect({ access: op['x-access'], limits: op['x-limits'] }, `${method} ${path} (${file})`).toEqual({
          access,
          limits,
        });
        if (['signed-in', 'owner', 'owner or admin', 'admin'].includes(access)) {
          expect(op.security, `${method} ${path}`).toEqual([{ session: [] }]);
          expect(op.responses, `${method} ${path}`).toHaveProperty('401');
        } else if (access === 'anyone') {
          // No requirement, or an empty one beside it: the session is optional.
          const anonymous = !op.security?.length || op.security.some((entry) => !Object.keys(entry).length);
          expect(anonymous, `${method} ${path}`).toBe(true);
        }
      }
    }
    expect(document.components.securitySchemes['session']).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(document.paths['/api/v1/users/{id}']['delete']).toMatchObject({
      'x-access': 'owner or admin',
      security: [{ session: [] }],
      responses: { '401': expect.anything(), '403': { description: 'Another account, not an admin.' } },
    });
  });

  it('documents the statuses a route declares, a 404 thrown in its lib function included', async () => {
    const { document } = await getDocument();
    expect(document.paths['/api/v1/users/{id}']['get'].responses['404']).toMatchObject({
      description: 'No user has the id.',
    });
    expect(document.paths['/api/v1/products']['get'].responses).not.toHaveProperty('404');
  });

  it('documents a WebSocket handler as the GET of its upgrade, marked x-websocket, with its refusals', async () => {
    const { document } = await getDocument();
    const chat = document.paths['/ws/chat'];
    expect(Object.keys(chat)).toEqual(['get']);
    expect(chat['get']).toMatchObject({
      'x-websocket': true,
      'x-access': 'signed-in',
      security: [{ session: [] }],
    });
    expect(Object.keys(chat['get']!.responses)).toEqual(
      expect.arrayContaining(['101', '401', '403', '426', '429', '503']),
    );
  });

  it('is what the suite checks every response against: an undeclared status is a problem', async () => {
    const { document } = await getDocument();
    const check = contractChecker(document);
    const seen = { method: 'GET', path: '/api/v1/products', contentType: 'application/json', body: '{}' };
    expect(check({ ...seen, status: 404 })).toEqual([
      'GET /api/v1/products → 404: status not documented for /api/v1/products',
    ]);
  });

  it("records every operation's security, access, limits and responses in the contract file", async () => {
    // One line per operation (security, access, limits) and per response, schemas left out, so a status,
    // description or rule that changes shows in review; after changing one on purpose, run with `-u`.
    const { document } = await getDocument();
    const lines = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, op]) => [
        `${method.toUpperCase()} ${path} ${JSON.stringify([op.security, op['x-access'], op['x-limits'], op['x-websocket']])}`,
        ...Object.entries(op.responses).map(
          ([status, response]) =>
            `  ${status} ${JSON.stringify(response, (key, value: unknown) => (key === 'schema' ? undefined : value))}`,
        ),
      ]),
    );
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('__snapshots__/openapi-contract.txt');
  });

  it('takes summary and description from the 2-line header', async () => {
    const { document } = await getDocument();
    const op = document.paths['/api/v1/todos/{id}']['patch'];
    expect(op.summary).toBe('Validated partial update');
    expect(op.description).toBe(
      '`params` and `body` schemas, then one `UPDATE … COALESCE … RETURNING`; unknown ids get 404.',
    );
  });
});

describe('/api/openapi.json from the schemas', () => {
  it('documents query parameters from the query schema, with required ones required', async () => {
    const { document } = await getDocument();
    const op = document.paths['/api/v1/search']['get'];
    expect(op.parameters.map(({ name, required }) => [name, required])).toEqual([
      ['q', true],
      ['page', false],
      ['tag', false],
    ]);
  });

  it('documents the contact body as JSON, URL-encoded and multipart, and its output', async () => {
    const { document } = await getDocument();
    const op = document.paths['/api/v1/contact']['post'];
    const content = op.requestBody?.content ?? {};
    expect(Object.keys(content)).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
    ]);
    expect(content['application/json'].schema['required']).toEqual(['name', 'email', 'message']);
    expect(op.responses['200']).toMatchObject({
      content: {
        'application/json': {
          schema: {
            properties: { ok: { const: true }, topic: { enum: ['general', 'support', 'press'] } },
          },
        },
      },
    });
    expect(op.responses['422']).toEqual({ $ref: '#/components/responses/ValidationFailed' });
  });

  it('shares one 422 with the issues schema and X-Analog-Errors, and JSON 405 and 413 bodies', async () => {
    const { document } = await getDocument();
    const { responses } = document.components;
    expect(responses['ValidationFailed']).toMatchObject({
      headers: { 'X-Analog-Errors': { $ref: '#/components/headers/X-Analog-Errors' } },
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Issues' } } },
    });
    for (const name of ['MethodNotAllowed', 'PayloadTooLarge']) {
      expect(responses[name]).toMatchObject({
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
      });
    }
  });
});

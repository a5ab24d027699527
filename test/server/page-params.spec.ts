import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { serverEntry } from '../support/build';
import { rawRequest } from '../support/raw-request';
import { type RunningServer, startProductionServer } from '../support/server';
import { stopAndCheckLog } from '../support/server-log';

let server: RunningServer;

beforeAll(async () => {
  server = await startProductionServer(serverEntry);
});

afterAll(() => stopAndCheckLog(server));

/** The request log's lines for `route` so far. */
const logged = (route: string) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes(`"route":"${route}"`)).length;

/**
 * Page parameters Analog 2.7 would write into the loader endpoint's path as they are, decoded:
 * each leaves `/api/_analog/pages/products/` for another URL.
 */
const escapes = {
  'an API route': '/products/..%2f..%2f..%2fv1%2fhello',
  'an API route, through backslashes': '/products/..%5c..%5c..%5cv1%5chello',
  'an API route, through a matrix parameter': '/products/1;id=..%2f..%2f..%2fv1%2fhello',
  'the endpoint folder, through an encoded dot segment': '/products/%252e%252e',
  'an endless event stream': '/products/..%2f..%2f..%2fv1%2ftodos%2fevents',
  'another page render, which fetches the next':
    '/products/..%2f..%2f..%2f..%2fproducts%2f..%252f..%252f..%252f..%252fproducts%252f999',
};

describe('PAGE /products/:id', () => {
  it.each(Object.entries(escapes))(
    'answers 400 to a parameter that leads to %s, fetching nothing',
    async (_, path) => {
      const renders = logged('/**');
      const response = await rawRequest(server.url, { path });
      expect(response.status).toBe(400);
      expect(response.type).toMatch(/^application\/json/);
      expect(JSON.parse(response.body)).toMatchObject({ statusCode: 400 });
      expect(response.body).not.toContain('Hello World');
      // One render, refused: the request log writes in batches, so wait for its line.
      await expect.poll(() => logged('/**')).toBe(renders + 1);
    },
  );

  it('answers 422 for an id that is no positive integer, before its loader fetches the product', async () => {
    const loads = logged('/api/_analog/pages/products/:id');
    const fetches = logged('/api/v1/products/:id');
    const response = await rawRequest(server.url, {
      path: '/products/abc',
      headers: { accept: 'text/html' },
    });
    expect(response.status).toBe(422);
    expect(response.type).toMatch(/^text\/html/);
    expect(response.body).toContain('<h1>This address is not valid</h1>');
    expect(response.body).not.toContain('"product"');
    await expect.poll(() => logged('/api/_analog/pages/products/:id')).toBe(loads + 1);
    expect(logged('/api/v1/products/:id')).toBe(fetches);
  });

  it('answers 404 with the not-found content for an id no product has', async () => {
    const response = await rawRequest(server.url, {
      path: '/products/999',
      headers: { accept: 'text/html' },
    });
    expect(response.status).toBe(404);
    expect(response.body).toContain('<h1>Page not found</h1>');
  });

  it('logs no error line, no ERROR and no stack for these 4xx', async () => {
    const output = server.output();
    expect(output).not.toMatch(/ERROR|An error occurred|NG0\d+|^\s+at /m);
  });
});

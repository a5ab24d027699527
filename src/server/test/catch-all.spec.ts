import { request } from 'node:http';
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

/** GET through node:http, which sends the path exactly as written (fetch would resolve `%2e%2e`). */
function rawGet(path: string) {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const { hostname, port } = new URL(baseUrl);
    request({ hostname, port, path }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, type: response.headers['content-type'] ?? '', body }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('ANY /api/** (catch-all)', () => {
  it('answers an unknown path with a JSON 404 naming method and path, never the app shell', async () => {
    const response = await fetch(`${baseUrl}/api/v2/nothing-here`, { method: 'PATCH' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as { message: string };
    expect(body.message).toBe('No route for PATCH /api/v2/nothing-here');
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const response = await fetch(`${baseUrl}/api/v1/todos`, { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(((await response.json()) as { message: string }).message).toContain('DELETE');
  });

  it('lists every method of a dynamic path in Allow', async () => {
    const response = await fetch(`${baseUrl}/api/v1/users/1`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('DELETE, GET, HEAD, PUT');
  });

  it('answers HEAD on a GET route like GET, without a body', async () => {
    const response = await fetch(`${baseUrl}/api/v1/products`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.text()).toBe('');
  });

  it.each(['/api/..%2f..%2fpackage.json', '/api/%2e%2e/%2e%2e/package.json', '/api/v1/docs/..%2f..%2f.env'])(
    'reaches no file through traversal (%s)',
    async (path) => {
      const response = await rawGet(path);
      expect(response.body).not.toContain('"devDependencies"');
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.type).toMatch(/^application\/json/);
    },
  );
});

describe('GET /api/v1/docs/**:slug', () => {
  it.each(['a/%2e%2e/b', 'a//b', '..%5c..%5cwin.ini'])(
    'rejects the unsafe slug %s with a JSON 400',
    async (slug) => {
      const response = await rawGet(`/api/v1/docs/${slug}`);
      expect(response.status).toBe(400);
      expect(response.type).toMatch(/^application\/json/);
    },
  );

  it('captures every remaining segment as the slug', async () => {
    const response = await fetch(`${baseUrl}/api/v1/docs/guides/routing/basics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ slug: 'guides/routing/basics' });
  });
});

describe('GET /api/v1/redirect', () => {
  it('redirects with 302 to /api/v1/hello', async () => {
    const response = await fetch(`${baseUrl}/api/v1/redirect`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/api/v1/hello');
  });
});

import { describe, expect, inject, it } from 'vitest';

import { rawGet } from '../support/raw-request';

const baseUrl = inject('baseUrl');

interface ErrorBody {
  statusCode: number;
  message: string;
}

describe('ANY /api/** (catch-all)', () => {
  it('answers an unknown path with a JSON 404 naming method and path, never the app shell', async () => {
    const response = await fetch(`${baseUrl}/api/v2/nothing-here`, {
      method: 'PATCH',
      headers: { accept: 'text/html' },
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as ErrorBody;
    expect(body).toMatchObject({ statusCode: 404, message: 'No route for PATCH /api/v2/nothing-here' });
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const response = await fetch(`${baseUrl}/api/v1/todos`, { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await response.json()) as ErrorBody).message).toBe(
      'DELETE is not allowed on /api/v1/todos; use GET, HEAD, POST',
    );
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

  it('echoes markup in the path only inside JSON, percent-encoded as it came', async () => {
    const response = await rawGet(baseUrl, '/api/v2/%3Cscript%3Ealert(1)%3C/script%3E');
    expect(response.status).toBe(404);
    expect(response.type).toMatch(/^application\/json/);
    expect(response.body).not.toContain('<script>');
    expect((JSON.parse(response.body) as ErrorBody).message).toBe(
      'No route for GET /api/v2/%3Cscript%3Ealert(1)%3C/script%3E',
    );
  });

  it.each(['/api/..%2f..%2fpackage.json', '/api/%2e%2e/%2e%2e/package.json', '/api/v1/docs/..%2f..%2f.env'])(
    'reaches no file through traversal (%s)',
    async (path) => {
      const response = await rawGet(baseUrl, path);
      expect(response.body).not.toContain('"devDependencies"');
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.type).toMatch(/^application\/json/);
    },
  );
});

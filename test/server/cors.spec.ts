import { describe, expect, inject, it } from 'vitest';

import { allowedOrigin } from '../support/server-global-setup';

const baseUrl = inject('baseUrl');
const otherOrigin = 'https://other.example';

const get = (path: string, origin: string) => fetch(`${baseUrl}${path}`, { headers: { origin } });
const preflight = (path: string, origin: string) =>
  fetch(`${baseUrl}${path}`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'GET' },
  });

describe('CORS on GET /api/v1/products and /api/v1/products/:id', () => {
  it.each(['/api/v1/products', '/api/v1/products/1'])('lets the allowed origin read %s', async (path) => {
    const response = await get(path, allowedOrigin);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(allowedOrigin);
    expect(response.headers.get('vary')).toMatch(/origin/i);
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('sends no CORS header to another origin, and still varies on Origin', async () => {
    const response = await get('/api/v1/products', otherOrigin);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('vary')).toMatch(/origin/i);
  });

  it('answers a same-origin read (no Origin) without CORS headers', async () => {
    const response = await fetch(`${baseUrl}/api/v1/products`);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('vary')).toMatch(/origin/i);
  });

  it('answers the preflight of the allowed origin with 204', async () => {
    const response = await preflight('/api/v1/products/2', allowedOrigin);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(allowedOrigin);
    expect(response.headers.get('access-control-allow-methods')).toBe('GET');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('gives the preflight of another origin no permission', async () => {
    const response = await preflight('/api/v1/products', otherOrigin);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('every other route stays same-origin', () => {
  it.each(['/api/v1/todos', '/api/v1/me', '/api/v1/users'])('sends no CORS header on %s', async (path) => {
    const response = await get(path, allowedOrigin);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('still refuses a form posted from the allowed origin to a form route with 403', async () => {
    const response = await fetch(`${baseUrl}/api/v1/contact`, {
      method: 'POST',
      headers: {
        origin: allowedOrigin,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'name=Eve&email=eve%40example.com&message=hello',
    });
    expect(response.status).toBe(403);
  });
});

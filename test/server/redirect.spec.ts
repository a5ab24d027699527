import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

describe('GET /api/v1/redirect', () => {
  it('redirects with 302 to /api/v1/hello', async () => {
    const response = await fetch(`${baseUrl}/api/v1/redirect`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/api/v1/hello');
    expect(await response.text()).toBe('');
  });

  it('lands on the JSON greeting when followed', async () => {
    const response = await fetch(`${baseUrl}/api/v1/redirect`);
    expect(response.url).toBe(`${baseUrl}/api/v1/hello`);
    expect(await response.json()).toEqual({ message: 'Hello World' });
  });
});

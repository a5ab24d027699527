import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

describe('ANY /api/v1/hello', () => {
  it.each(['GET', 'POST', 'PUT', 'DELETE', 'PATCH'])('answers %s with the JSON greeting', async (method) => {
    const response = await fetch(`${baseUrl}/api/v1/hello`, { method });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ message: 'Hello World' });
  });
});

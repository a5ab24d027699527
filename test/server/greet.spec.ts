import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

describe('ANY /api/v1/greet/:name', () => {
  it('greets the name from getRouterParam as plain text', async () => {
    const response = await fetch(`${baseUrl}/api/v1/greet/Ada`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('Hello, Ada!');
  });

  it('decodes percent-encoded names', async () => {
    expect(await (await fetch(`${baseUrl}/api/v1/greet/Ada%20Lovelace`)).text()).toBe('Hello, Ada Lovelace!');
  });
});

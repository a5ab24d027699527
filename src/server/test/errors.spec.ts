import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

describe('GET /api/v1/items/:id', () => {
  it('answers an integer id as text', async () => {
    const response = await fetch(`${baseUrl}/api/v1/items/7`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('ID is 7');
  });

  it('rejects a non-integer id with 400 and the createError status message', async () => {
    const response = await fetch(`${baseUrl}/api/v1/items/abc`);
    expect(response.status).toBe(400);
    expect(response.statusText).toBe('ID should be an integer');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({
      statusCode: 400,
      statusMessage: 'ID should be an integer',
    });
  });
});

describe('GET /api/v1/boom', () => {
  it.each(['application/json', 'text/html'])(
    'answers 500 without stack or message (Accept: %s)',
    async (accept) => {
      const response = await fetch(`${baseUrl}/api/v1/boom`, { headers: { accept } });
      expect(response.status).toBe(500);
      const body = await response.text();
      expect(body).not.toContain('hunter2');
      expect(body).not.toMatch(/\bat .*\.m?js:\d+/);
      expect(JSON.parse(body)).toMatchObject({ statusCode: 500 });
    },
  );
});

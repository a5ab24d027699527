import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

describe('ANY /api/v1/items/:id', () => {
  it('answers an integer id as text', async () => {
    const response = await fetch(`${baseUrl}/api/v1/items/7`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('ID is 7');
  });

  it.each(['abc', '1.5', '-1', '99999999999999999999'])(
    'rejects %s with 400 and the createError status message',
    async (id) => {
      const response = await fetch(`${baseUrl}/api/v1/items/${id}`);
      expect(response.status).toBe(400);
      expect(response.statusText).toBe('ID should be an integer');
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toMatchObject({
        statusCode: 400,
        statusMessage: 'ID should be an integer',
      });
    },
  );
});

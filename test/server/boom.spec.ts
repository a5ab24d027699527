import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

describe('ANY /api/v1/boom', () => {
  it.each(['application/json', 'text/html'])(
    'answers 500 as JSON without stack or thrown message (Accept: %s)',
    async (accept) => {
      const response = await fetch(`${baseUrl}/api/v1/boom`, { headers: { accept } });
      expect(response.status).toBe(500);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const text = await response.text();
      expect(text).not.toContain('hunter2');
      expect(text).not.toMatch(/\bat .*\.m?js:\d+/);
      const body = JSON.parse(text) as Record<string, unknown>;
      expect(body).toMatchObject({ statusCode: 500, message: 'Server Error' });
      expect(body).not.toHaveProperty('stack');
    },
  );
});

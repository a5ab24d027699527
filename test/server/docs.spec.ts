import { describe, expect, inject, it } from 'vitest';

import { rawGet } from '../support/raw-request';

const baseUrl = inject('baseUrl');

describe('ANY /api/v1/docs/**:slug', () => {
  it('captures every remaining segment as the slug', async () => {
    const response = await fetch(`${baseUrl}/api/v1/docs/guides/routing/basics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ slug: 'guides/routing/basics' });
  });

  it('captures a single segment too', async () => {
    expect(await (await fetch(`${baseUrl}/api/v1/docs/intro`)).json()).toEqual({ slug: 'intro' });
  });

  it.each(['a/%2e%2e/b', 'a//b', '..%5c..%5cwin.ini'])(
    'rejects the unsafe slug %s with a JSON 400',
    async (slug) => {
      const response = await rawGet(baseUrl, `/api/v1/docs/${slug}`);
      expect(response.status).toBe(400);
      expect(response.type).toMatch(/^application\/json/);
    },
  );
});

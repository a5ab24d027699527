import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

describe('GET /api/v1/search', () => {
  it('answers the query, page and tags with matching products', async () => {
    const response = await fetch(`${baseUrl}/api/v1/search?q=an&page=1&tag=x&tag=y`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = (await response.json()) as {
      q: string;
      page: number;
      tags: string[];
      results: { name: string }[];
    };
    expect(body).toMatchObject({ q: 'an', page: 1, tags: ['x', 'y'] });
    expect(body.results.map((product) => product.name)).toEqual(['Analog Notebook', 'Angular Mug']);
  });

  it('coerces page to a number and returns an empty later page', async () => {
    const body = (await (await fetch(`${baseUrl}/api/v1/search?q=an&page=2&tag=x&tag=y`)).json()) as object;
    expect(body).toEqual({ q: 'an', page: 2, tags: ['x', 'y'], results: [] });
  });

  it('defaults page to 1 and turns a single tag into an array', async () => {
    const body = (await (await fetch(`${baseUrl}/api/v1/search?q=mug&tag=x`)).json()) as object;
    expect(body).toMatchObject({ q: 'mug', page: 1, tags: ['x'] });
  });

  it.each(['', '?q=', '?q=%20%20'])('rejects a missing or empty q with 422 (%s)', async (query) => {
    const response = await fetch(`${baseUrl}/api/v1/search${query}`);
    expect(response.status).toBe(422);
    expect(response.headers.get('x-analog-errors')).toBe('true');
    const issues = (await response.json()) as { path: string[]; message: string }[];
    expect(issues[0].path).toEqual(['q']);
  });

  it('rejects a page that is not a positive integer with 422', async () => {
    expect((await fetch(`${baseUrl}/api/v1/search?q=an&page=0`)).status).toBe(422);
  });
});

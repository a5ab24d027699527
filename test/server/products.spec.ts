import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

describe('GET /api/v1/products', () => {
  it('lists the catalogue as JSON', async () => {
    const response = await fetch(`${baseUrl}/api/v1/products`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const products = (await response.json()) as { id: number; name: string; price: number }[];
    expect(products.length).toBeGreaterThanOrEqual(3);
    for (const product of products) {
      expect(product).toEqual(
        expect.objectContaining({
          id: expect.any(Number),
          name: expect.any(String),
          price: expect.any(Number),
        }),
      );
    }
  });

  it('answers another method with 405 and Allow: GET, HEAD', async () => {
    const response = await fetch(`${baseUrl}/api/v1/products`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('GET /api/v1/products/:id', () => {
  it('answers one product as JSON', async () => {
    const response = await fetch(`${baseUrl}/api/v1/products/2`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      id: 2,
      name: 'Angular Mug',
      description: 'Holds 350 ml of coffee & signals.',
      price: 9,
    });
  });

  it('answers an unknown id with 404', async () => {
    const response = await fetch(`${baseUrl}/api/v1/products/999`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ statusCode: 404, statusMessage: 'Product 999 not found' });
  });

  it('rejects an id that is not a positive integer with 422 and the issues', async () => {
    for (const id of ['abc', '0', '1.5']) {
      const response = await fetch(`${baseUrl}/api/v1/products/${id}`);
      expect(response.status, id).toBe(422);
      expect(response.headers.get('x-analog-errors')).toBe('true');
      const issues = (await response.json()) as { path: string[] }[];
      expect(issues[0].path).toEqual(['id']);
    }
  });
});

describe('GET /api/v1/products.csv', () => {
  it('downloads the catalogue as CSV from a Response object', async () => {
    const response = await fetch(`${baseUrl}/api/v1/products.csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="products.csv"');
    const lines = (await response.text()).trimEnd().split('\r\n');
    const products = (await (await fetch(`${baseUrl}/api/v1/products`)).json()) as unknown[];
    expect(lines[0]).toBe('id,name,description,price');
    expect(lines).toHaveLength(products.length + 1);
    expect(lines).toContain(
      '3,Nitro Sticker Pack,"Five stickers: <h3>, Vite, Nitro, ""Analog"", \'Angular\'.",4.25',
    );
  });
});

import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

interface Operation {
  security?: unknown[];
  'x-access'?: string;
  responses: Record<string, unknown>;
}

const operation = async (path: string): Promise<Operation> => {
  const document = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as {
    paths: Record<string, { get: Operation }>;
  };
  return document.paths[path].get;
};

describe('GET /api/healthz', () => {
  it('answers 200 and is never cached', async () => {
    const response = await fetch(`${baseUrl}/api/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'alive' });
  });

  it('is in the OpenAPI document as public', async () => {
    expect(await operation('/api/healthz')).toMatchObject({
      security: [],
      'x-access': 'anyone',
      responses: { 200: {} },
    });
  });
});

describe('GET /api/readyz', () => {
  it('answers 200 while the database answers, and is never cached', async () => {
    const response = await fetch(`${baseUrl}/api/readyz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ready' });
  });

  it('answers 100 concurrent probes, none limited', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 100 }, async () => (await fetch(`${baseUrl}/api/readyz`)).status),
    );
    expect(statuses).toEqual(Array(100).fill(200));
  });

  it('is in the OpenAPI document as public, with its 503', async () => {
    expect(await operation('/api/readyz')).toMatchObject({
      security: [],
      'x-access': 'anyone',
      responses: { 200: {}, 503: {} },
    });
  });
});

import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { defineServerRoute } from '#server-actions';

import { serveRoutes } from '../../../test/support/serve-routes';

const strictBody = z.object({ title: z.string().min(1) });

const base = await serveRoutes({
  '/body/:id': defineServerRoute({
    params: z.object({ id: z.string().uuid() }),
    body: strictBody,
    handler: ({ params, body }) => ({ id: params.id, body }),
  }),
  '/input': defineServerRoute({
    input: z.object({ q: z.string().min(1), sort: z.enum(['asc', 'desc']).default('asc') }),
    handler: ({ data }) => data,
  }),
  '/defaults': defineServerRoute({
    query: z.object({ topic: z.string().optional().default('general') }),
    handler: ({ query }) => query,
  }),
  '/output': defineServerRoute({
    output: z.object({ ok: z.literal(true) }),
    handler: () => ({ ok: false }),
  }),
});

const id = '0e0c6f2e-7a3b-4f0e-9a53-2d3c7d1f9a10';
const send = (method: string, path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

describe('defineServerRoute', () => {
  it.each(['POST', 'PUT', 'PATCH'])('validates the body on %s', async (method) => {
    const bad = await send(method, `/body/${id}`, { title: '' });
    expect(bad.status).toBe(422);
    expect(bad.headers.get('x-analog-errors')).toBe('true');
    const good = await send(method, `/body/${id}`, { title: 'Tea' });
    expect(await good.json()).toEqual({ id, body: { title: 'Tea' } });
  });

  it('does not validate a body on DELETE', async () => {
    const response = await send('DELETE', `/body/${id}`, { title: '' });
    expect(response.status).toBe(200);
  });

  it('validates the params schema', async () => {
    const response = await send('POST', '/body/not-a-uuid', { title: 'Tea' });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { path: string[] }[])[0].path).toEqual(['id']);
  });

  it('validates input from the search params on GET and from the body on POST', async () => {
    expect(await (await fetch(`${base}/input?q=tea&sort=desc`)).json()).toEqual({ q: 'tea', sort: 'desc' });
    expect(await (await send('POST', '/input?q=ignored', { q: 'cake' })).json()).toEqual({
      q: 'cake',
      sort: 'asc',
    });
    expect((await send('POST', '/input?q=ignored', {})).status).toBe(422);
  });

  it('treats HEAD like GET', async () => {
    expect((await fetch(`${base}/input?q=tea`, { method: 'HEAD' })).status).toBe(200);
    expect((await fetch(`${base}/input`, { method: 'HEAD' })).status).toBe(422);
  });

  it('passes schema defaults to the handler', async () => {
    expect(await (await fetch(`${base}/defaults`)).json()).toEqual({ topic: 'general' });
    expect(await (await fetch(`${base}/defaults?topic=press`)).json()).toEqual({ topic: 'press' });
  });

  it('warns about an output mismatch in development and still answers', async () => {
    vi.stubEnv('NODE_ENV', 'development');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const response = await fetch(`${base}/output`);
      expect(await response.json()).toEqual({ ok: false });
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0][0])).toContain('GET /output');
    } finally {
      vi.unstubAllEnvs();
      warn.mockRestore();
    }
  });
});

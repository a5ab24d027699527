// @vitest-environment jsdom
import '@angular/compiler';
import { HttpClient, provideHttpClient, withFetch } from '@angular/common/http';
import { provideZonelessChangeDetection } from '@angular/core';
import { createApplication } from '@angular/platform-browser';
import { defineServerRoute } from '@analogjs/router/server/actions';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { serveRoutes } from '../../server/test/serve-routes';
import { serverMutationOptions, serverQueryOptions } from './server-route-query';

const searchItems = defineServerRoute({
  query: z.object({ q: z.string(), tag: z.array(z.string()).optional() }),
  handler: ({ query, event }) => ({ method: event.method, query }),
});
const saveItem = defineServerRoute({
  params: z.object({ id: z.string() }),
  body: z.object({ title: z.string().optional(), done: z.boolean().optional() }),
  handler: ({ params, body, event }) => ({ method: event.method, id: params.id, body }),
});

const base = await serveRoutes({ '/items': searchItems, '/items/:id': saveItem });

const app = await createApplication({
  providers: [provideZonelessChangeDetection(), provideHttpClient(withFetch())],
});
const http = app.injector.get(HttpClient);

describe('serverQueryOptions', () => {
  it('GETs the URL with the query, repeated values as repeated keys', async () => {
    const options = serverQueryOptions<typeof searchItems>(http, `${base}/items`, {
      queryKey: ['items'],
      query: { q: 'tea', tag: ['a', 'b'] },
    });
    expect(options.queryKey).toEqual(['items', { q: 'tea', tag: ['a', 'b'] }]);
    const result = await (options.queryFn as () => Promise<unknown>)();
    expect(result).toEqual({ method: 'GET', query: { q: 'tea', tag: ['a', 'b'] } });
  });
});

describe('serverMutationOptions', () => {
  it('sends the body with the method to the URL built from the params', async () => {
    const options = serverMutationOptions<typeof saveItem>(http, ({ id }) => `${base}/items/${id}`, {
      method: 'PATCH',
    });
    const mutate = options.mutationFn as (variables: unknown) => Promise<unknown>;
    expect(await mutate({ params: { id: '7' }, body: { done: true } })).toEqual({
      method: 'PATCH',
      id: '7',
      body: { done: true },
    });
  });

  it('POSTs by default to a fixed URL', async () => {
    const options = serverMutationOptions<typeof saveItem>(http, `${base}/items/new`);
    const mutate = options.mutationFn as (variables: unknown) => Promise<unknown>;
    expect(await mutate({ body: { title: 'Tea' } })).toEqual({
      method: 'POST',
      id: 'new',
      body: { title: 'Tea' },
    });
  });
});

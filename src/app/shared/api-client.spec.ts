// @vitest-environment jsdom
import '@angular/compiler';
import { type HttpInterceptorFn, provideHttpClient, withFetch, withInterceptors } from '@angular/common/http';
import { provideZonelessChangeDetection } from '@angular/core';
import { createApplication } from '@angular/platform-browser';
import { defineServerRoute } from '#server-actions';
import { createError, defineEventHandler, getQuery, getRequestURL, readBody } from 'h3';
import { $fetch, FetchError } from 'ofetch';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { serveRoutes } from '../../../test/support/serve-routes';
import { ApiError, ApiValidationError, apiUrl, createApi, toApiError } from './api-client';
import { injectApi } from './inject-api';
import { apiMutationOptions, apiQueryKey, apiQueryOptions } from './server-route-query';

/** Stand-ins served at the real routes' paths: they answer with what the client sent. */
const echo = defineEventHandler(async (event) => ({
  method: event.method,
  path: getRequestURL(event).pathname,
  query: getQuery(event),
  body: event.method === 'GET' ? null : await readBody(event),
}));
const base = await serveRoutes({
  '/api/v1/todos': echo,
  '/api/v1/todos/:id': echo,
  '/api/v1/docs/**': echo,
  '/api/v1/search': defineServerRoute({
    query: z.object({ q: z.string().min(1, 'Enter a search term') }),
    handler: ({ query }) => query,
  }),
  '/api/v1/boom': defineEventHandler(() => {
    throw createError({ statusCode: 409, statusMessage: 'Conflict' });
  }),
});

const toBase: HttpInterceptorFn = (request, next) => next(request.clone({ url: `${base}${request.url}` }));
const app = await createApplication({
  providers: [provideZonelessChangeDetection(), provideHttpClient(withFetch(), withInterceptors([toBase]))],
});
const api = app.injector.runInContext(() => injectApi());

describe('apiUrl', () => {
  it('encodes each parameter as one segment, and a catch-all parameter segment by segment', () => {
    expect(apiUrl('/api/v1/todos/:id', { id: 'a/b c' })).toBe('/api/v1/todos/a%2Fb%20c');
    expect(apiUrl('/api/v1/docs/**:slug', { slug: 'guide/a b' })).toBe('/api/v1/docs/guide/a%20b');
  });

  it('throws on a missing parameter instead of calling another URL', () => {
    expect(() => apiUrl('/api/v1/todos/:id', {})).toThrow('Missing path parameter "id"');
  });
});

describe('injectApi (HttpClient)', () => {
  it('sends the method, the filled path, the query and the JSON body', async () => {
    const result = await api('/api/v1/todos/:id', {
      method: 'PATCH',
      params: { id: 'x 1' },
      body: { done: true },
    });
    expect(result).toEqual({ method: 'PATCH', path: '/api/v1/todos/x%201', query: {}, body: { done: true } });
    expect(await api('/api/v1/todos', { query: { done: 'true' } })).toMatchObject({
      query: { done: 'true' },
    });
  });

  it('rejects a 422 with an ApiValidationError carrying the issues', async () => {
    const error = await api('/api/v1/search', { query: { q: '' } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiValidationError);
    expect((error as ApiValidationError).issues).toEqual([
      expect.objectContaining({ message: 'Enter a search term', path: ['q'] }),
    ]);
  });

  it('rejects any other error status with an ApiError', async () => {
    const error = await api('/api/v1/boom').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(ApiValidationError);
    expect((error as ApiError).status).toBe(409);
  });
});

describe('createApi over another transport (ofetch)', () => {
  const fetch = $fetch.create({ baseURL: base });
  const other = createApi(({ method, url, query, body }) =>
    fetch(url, { method, query, body: body as Record<string, unknown> }).catch((error: unknown) => {
      throw error instanceof FetchError && error.status ? toApiError(error.status, error.data) : error;
    }),
  );

  it('sends the same request', async () => {
    const result = await other('/api/v1/todos', { method: 'POST', body: { title: 'Tea' } });
    expect(result).toEqual({ method: 'POST', path: '/api/v1/todos', query: {}, body: { title: 'Tea' } });
  });

  it('rejects a 422 with the issues', async () => {
    const error = await other('/api/v1/search', { query: { q: '' } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiValidationError);
  });
});

describe('TanStack helpers', () => {
  it('key a query by its path and inputs, under the path alone', async () => {
    const options = apiQueryOptions(api, '/api/v1/todos', { query: { done: 'false' } });
    expect(options.queryKey).toEqual(['/api/v1/todos', { query: { done: 'false' } }]);
    expect(apiQueryKey('/api/v1/todos')).toEqual(options.queryKey.slice(0, 1));
    expect(await (options.queryFn as () => Promise<unknown>)()).toMatchObject({ query: { done: 'false' } });
  });

  it('send a mutation with its method, params and body', async () => {
    const options = apiMutationOptions(api, '/api/v1/todos/:id', 'DELETE');
    const mutate = options.mutationFn as unknown as (variables: unknown) => Promise<unknown>;
    expect(await mutate({ params: { id: '7' } })).toMatchObject({
      method: 'DELETE',
      path: '/api/v1/todos/7',
    });
  });
});

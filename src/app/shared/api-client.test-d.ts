import type { StandardSchemaV1 } from '@standard-schema/spec';
import { describe, expectTypeOf, it } from 'vitest';

import type { Product } from '../../shared/products';
import type { Todo } from '../../server/lib/todos/todos';
import type { User } from '../../server/lib/users/users';
import type { Account } from '../../server/lib/accounts';
import { type Api, type ApiMethod, type ApiPath, type ApiUrl, ApiValidationError } from './api-client';

declare const api: Api;
const id = '0e0c6f2e-7a3b-4f0e-9a53-2d3c7d1f9a10';

describe('api(): the path and the method', () => {
  it('knows every route path, and no catch-all', () => {
    expectTypeOf<'/api/v1/todos/:id'>().toExtend<ApiPath>();
    expectTypeOf<'/api/v1/docs/**:slug'>().toExtend<ApiPath>();
    expectTypeOf<'/api/**'>().not.toExtend<ApiPath>();
    // @ts-expect-error no route file answers /api/v1/todo
    void api('/api/v1/todo');
  });

  it('checks a concrete URL against the route patterns', () => {
    expectTypeOf<'/api/v1/hello/Ada'>().toExtend<ApiUrl>();
    expectTypeOf<'/api/v1/search?q=an&tag=x'>().toExtend<ApiUrl>();
    expectTypeOf<'/api/v1/docs/guides/routing'>().toExtend<ApiUrl>();
    expectTypeOf<'/api/v1/helo'>().not.toExtend<ApiUrl>();
  });

  it('takes only the methods the route files answer', () => {
    expectTypeOf<ApiMethod<'/api/v1/todos/:id'>>().toEqualTypeOf<'PATCH' | 'DELETE'>();
    expectTypeOf<ApiMethod<'/api/v1/hello'>>().toEqualTypeOf<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'>();
    // @ts-expect-error todos/[id] has no .put.ts file
    void api('/api/v1/todos/:id', { method: 'PUT', params: { id } });
    // @ts-expect-error contact answers POST only, so a call must say so
    void api('/api/v1/contact', { body: { name: 'Ada', email: 'ada@example.com', message: 'Hi' } });
  });
});

describe('api(): params, query and body from the schemas', () => {
  it('requires each path parameter', () => {
    void api('/api/v1/todos/:id', { method: 'DELETE', params: { id } });
    // @ts-expect-error the :id parameter is missing
    void api('/api/v1/todos/:id', { method: 'DELETE' });
    // @ts-expect-error the parameter is `id`, not `todoId`
    void api('/api/v1/todos/:id', { method: 'DELETE', params: { todoId: id } });
  });

  it('types the body from the body schema input', () => {
    void api('/api/v1/todos/:id', { method: 'PATCH', params: { id }, body: { done: true } });
    // @ts-expect-error done is a boolean
    void api('/api/v1/todos/:id', { method: 'PATCH', params: { id }, body: { done: 'yes' } });
    // @ts-expect-error a todo needs a title
    void api('/api/v1/todos', { method: 'POST', body: {} });
  });

  it('types the query from the query schema input, and requires what it requires', () => {
    void api('/api/v1/todos', { query: { done: 'true' } });
    // @ts-expect-error done travels as 'true' or 'false'
    void api('/api/v1/todos', { query: { done: true } });
    void api('/api/v1/search', { query: { q: 'mug', tag: ['a', 'b'] } });
    // @ts-expect-error search needs q
    void api('/api/v1/search', { query: { page: 2 } });
  });

  it('types the input schema as the body of a POST', () => {
    void api('/api/v1/contact', {
      method: 'POST',
      body: { name: 'Ada', email: 'ada@example.com', message: 'Hi', topic: 'support' },
    });
    void api('/api/v1/contact', {
      method: 'POST',
      // @ts-expect-error topic is one of the listed topics
      body: { name: 'A', email: 'a@b.c', message: 'm', topic: 'x' },
    });
  });

  it('still gives a route without schemas its path params', () => {
    void api('/api/v1/users/:id', { params: { id: 1 } });
    // @ts-expect-error users/[id] needs its id
    void api('/api/v1/users/:id');
    void api('/api/v1/docs/**:slug', { params: { slug: 'guide/intro' } });
  });
});

describe('api(): results', () => {
  it('resolves to the handler result, as JSON', () => {
    expectTypeOf(api('/api/v1/todos')).resolves.toEqualTypeOf<{ items: Todo[]; next: string | null }>();
    expectTypeOf(
      api('/api/v1/todos', { method: 'POST', body: { title: 'Tea' } }),
    ).resolves.toEqualTypeOf<Todo>();
    expectTypeOf(api('/api/v1/products')).resolves.toEqualTypeOf<Product[]>();
    expectTypeOf(api('/api/v1/users/:id', { params: { id: 1 } })).resolves.toEqualTypeOf<User>();
    expectTypeOf(api('/api/v1/hello')).resolves.toEqualTypeOf<{ message: string }>();
    expectTypeOf(
      api('/api/v1/todos/:id', { method: 'DELETE', params: { id } }),
    ).resolves.toEqualTypeOf<void>();
  });

  it('resolves to the output schema type when the route has one', () => {
    expectTypeOf(
      api('/api/v1/contact', { method: 'POST', body: { name: 'Ada', email: 'a@b.c', message: 'Hi' } }),
    ).resolves.toEqualTypeOf<{ ok: true; topic: 'general' | 'support' | 'press' }>();
  });

  it('rejects a 422 with Standard Schema issues', () => {
    expectTypeOf<ApiValidationError['issues']>().toEqualTypeOf<readonly StandardSchemaV1.Issue[]>();
    expectTypeOf<ApiValidationError['status']>().toEqualTypeOf<422>();
  });
});

describe('api(): the session routes', () => {
  it('types the signed-in account, the sign-in body and the me methods', async () => {
    expectTypeOf(await api('/api/v1/me')).toEqualTypeOf<Account>();
    expectTypeOf(
      await api('/api/v1/auth/sign-in', {
        method: 'POST',
        body: { email: 'ada@example.com', password: 'correct horse battery' },
      }),
    ).toEqualTypeOf<Account>();
    expectTypeOf<ApiMethod<'/api/v1/me'>>().toEqualTypeOf<'GET' | 'PATCH'>();
    // @ts-expect-error sign-in needs a password
    void api('/api/v1/auth/sign-in', { method: 'POST', body: { email: 'ada@example.com' } });
  });
});

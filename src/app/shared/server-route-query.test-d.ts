import { describe, expectTypeOf, it } from 'vitest';

import type { Todo } from '../../server/lib/todos/todos';
import type { Api, ApiError } from './api-client';
import { apiMutationOptions, apiQueryKey, apiQueryOptions } from './server-route-query';

declare const api: Api;

describe('apiQueryOptions', () => {
  it('types the result and the query from the path', () => {
    const options = apiQueryOptions(api, '/api/v1/todos', { query: { done: 'true' } });
    expectTypeOf(options.queryFn).returns.resolves.toEqualTypeOf<{ items: Todo[]; next: string | null }>();
    // @ts-expect-error `done` is 'true' or 'false', not a boolean
    apiQueryOptions(api, '/api/v1/todos', { query: { done: true } });
    // @ts-expect-error search needs its `q`
    apiQueryOptions(api, '/api/v1/search');
  });

  it('takes only paths that answer GET', () => {
    // @ts-expect-error contact answers POST only
    apiQueryOptions(api, '/api/v1/contact');
    // @ts-expect-error no such route
    apiQueryKey('/api/v1/todo');
  });
});

describe('apiMutationOptions', () => {
  it('types the variables and the result of a create', () => {
    const options = apiMutationOptions(api, '/api/v1/todos', 'POST');
    expectTypeOf(options.mutationFn).returns.resolves.toEqualTypeOf<Todo>();
    expectTypeOf(options.mutationFn).parameter(0).toHaveProperty('body').toEqualTypeOf<{ title: string }>();
    // @ts-expect-error the body needs a string title
    options.mutationFn?.({ body: { title: 42 } });
  });

  it('types params and body of a patch, and its errors', () => {
    const options = apiMutationOptions(api, '/api/v1/todos/:id', 'PATCH');
    expectTypeOf(options.mutationFn)
      .parameter(0)
      .toHaveProperty('params')
      .toExtend<{ id: string | number }>();
    expectTypeOf(options.onError).parameter(0).toEqualTypeOf<ApiError>();
    // @ts-expect-error done is a boolean
    options.mutationFn?.({ params: { id: 'x' }, body: { done: 'yes' } });
    // @ts-expect-error todos/[id] has no PUT
    apiMutationOptions(api, '/api/v1/todos/:id', 'PUT');
  });
});

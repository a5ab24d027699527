import type { HttpClient } from '@angular/common/http';
import { describe, expectTypeOf, it } from 'vitest';

import type { route as listTodos } from '../../server/routes/api/v1/todos.get';
import type { route as createTodo } from '../../server/routes/api/v1/todos.post';
import type { route as deleteTodo } from '../../server/routes/api/v1/todos/[id].delete';
import type { route as patchTodo } from '../../server/routes/api/v1/todos/[id].patch';
import type { Todo } from '../../server/lib/todos';
import type { InferRouteBody, InferRouteQuery, InferRouteResult } from '@analogjs/router/server/actions';
import { serverMutationOptions, serverQueryOptions } from './server-route-query';

declare const http: HttpClient;

describe('types inferred from an exported route', () => {
  it('infers the query, body and result of the todo routes', () => {
    expectTypeOf<InferRouteQuery<typeof listTodos>>().toEqualTypeOf<{
      done?: 'true' | 'false' | undefined;
    }>();
    expectTypeOf<InferRouteResult<typeof listTodos>>().toEqualTypeOf<Todo[]>();
    expectTypeOf<InferRouteBody<typeof createTodo>>().toEqualTypeOf<{ title: string }>();
    expectTypeOf<InferRouteResult<typeof createTodo>>().toEqualTypeOf<Todo>();
  });

  it('excludes a returned Response from the result', () => {
    expectTypeOf<InferRouteResult<typeof deleteTodo>>().toEqualTypeOf<void>();
  });
});

describe('serverQueryOptions', () => {
  it('types the query function result and the query argument', () => {
    const options = serverQueryOptions<typeof listTodos>(http, '/api/v1/todos', {
      queryKey: ['todos'],
      query: { done: 'true' },
    });
    expectTypeOf(options.queryFn).returns.resolves.toEqualTypeOf<Todo[]>();
    const query = { done: true };
    // @ts-expect-error `done` is 'true' or 'false', not a boolean
    serverQueryOptions<typeof listTodos>(http, '/api/v1/todos', { queryKey: ['todos'], query });
  });
});

describe('serverMutationOptions', () => {
  it('types the variables and the result of a create', () => {
    const options = serverMutationOptions<typeof createTodo>(http, '/api/v1/todos');
    expectTypeOf(options.mutationFn)
      .parameter(0)
      .toEqualTypeOf<{ params?: undefined } & { body: { title: string } }>();
    expectTypeOf(options.mutationFn).returns.resolves.toEqualTypeOf<Todo>();
    // @ts-expect-error the body needs a string title
    options.mutationFn?.({ body: { title: 42 } });
  });

  it('types params and body of a patch, and builds the URL from the params', () => {
    const options = serverMutationOptions<typeof patchTodo>(http, ({ id }) => `/api/v1/todos/${id}`, {
      method: 'PATCH',
    });
    expectTypeOf(options.mutationFn).parameter(0).toHaveProperty('params').toEqualTypeOf<{ id: string }>();
    // @ts-expect-error done is a boolean
    options.mutationFn?.({ params: { id: 'x' }, body: { done: 'yes' } });
  });
});

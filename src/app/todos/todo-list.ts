import { HttpClient } from '@angular/common/http';
import { ChangeDetectionStrategy, Component, computed, inject } from '@angular/core';
import { QueryClient, injectMutation, injectQuery } from '@tanstack/angular-query-experimental';

import type { route as deleteTodo } from '../../server/routes/api/v1/todos/[id].delete';
import type { route as patchTodo } from '../../server/routes/api/v1/todos/[id].patch';
import type { route as listTodos } from '../../server/routes/api/v1/todos.get';
import type { route as createTodo } from '../../server/routes/api/v1/todos.post';
import { formErrors } from '../shared/form-errors';
import { serverMutationOptions, serverQueryOptions } from '../shared/server-route-query';

const todosKey = ['todos'] as const;
const todoUrl = ({ id }: { id: string }) => `/api/v1/todos/${encodeURIComponent(id)}`;

@Component({
  selector: 'app-todo-list',
  changeDetection: ChangeDetectionStrategy.OnPush,
  templateUrl: './todo-list.html',
})
export class TodoList {
  private readonly http = inject(HttpClient);
  private readonly queryClient = inject(QueryClient);
  private readonly refresh = { onSuccess: () => this.queryClient.invalidateQueries({ queryKey: todosKey }) };

  protected readonly todos = injectQuery(() =>
    serverQueryOptions<typeof listTodos>(this.http, '/api/v1/todos', { queryKey: todosKey }),
  );
  protected readonly create = injectMutation(() => ({
    ...serverMutationOptions<typeof createTodo>(this.http, '/api/v1/todos'),
    ...this.refresh,
  }));
  protected readonly update = injectMutation(() => ({
    ...serverMutationOptions<typeof patchTodo>(this.http, todoUrl, { method: 'PATCH' }),
    ...this.refresh,
  }));
  protected readonly remove = injectMutation(() => ({
    ...serverMutationOptions<typeof deleteTodo>(this.http, todoUrl, { method: 'DELETE' }),
    ...this.refresh,
  }));

  protected add(event: SubmitEvent) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const title = String(new FormData(form).get('title') ?? '');
    this.create.mutate({ body: { title } }, { onSuccess: () => form.reset() });
  }

  /** The 422's message for `title`, or what went wrong when adding failed otherwise. */
  protected readonly createError = computed(() => {
    const error = this.create.error();
    if (!error) return undefined;
    const errors = formErrors(error);
    return errors['title'] ?? errors['form'];
  });
}

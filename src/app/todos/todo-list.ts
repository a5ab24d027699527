import { ChangeDetectionStrategy, Component, computed, inject } from '@angular/core';
import { QueryClient, injectInfiniteQuery, injectMutation } from '@tanstack/angular-query-experimental';

import { formErrors } from '../shared/form-errors';
import { injectApi } from '../shared/inject-api';
import { apiMutationOptions } from '../shared/server-route-query';
import { todoPagesOptions, todosQueryKey } from './todos-query';
import { injectLiveTodos } from './live-todos';

@Component({
  selector: 'app-todo-list',
  changeDetection: ChangeDetectionStrategy.OnPush,
  templateUrl: './todo-list.html',
})
export class TodoList {
  private readonly api = injectApi();
  private readonly queryClient = inject(QueryClient);
  private readonly refresh = {
    onSuccess: () => this.queryClient.invalidateQueries({ queryKey: todosQueryKey }),
  };

  protected readonly todos = injectInfiniteQuery(() => todoPagesOptions(this.api));
  /** The pages loaded so far, as one list. */
  protected readonly items = computed(() => this.todos.data()?.pages.flatMap((page) => page.items) ?? []);
  protected readonly create = injectMutation(() => ({
    ...apiMutationOptions(this.api, '/api/v1/todos', 'POST'),
    ...this.refresh,
  }));
  protected readonly update = injectMutation(() => ({
    ...apiMutationOptions(this.api, '/api/v1/todos/:id', 'PATCH'),
    ...this.refresh,
  }));
  protected readonly remove = injectMutation(() => ({
    ...apiMutationOptions(this.api, '/api/v1/todos/:id', 'DELETE'),
    ...this.refresh,
  }));

  constructor() {
    // Changes made elsewhere (another tab, another user) show without a reload.
    injectLiveTodos();
  }

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

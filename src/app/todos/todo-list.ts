import { HttpClient, HttpErrorResponse } from '@angular/common/http';
import { ChangeDetectionStrategy, Component, computed, inject, input } from '@angular/core';
import { QueryClient, injectInfiniteQuery, injectMutation } from '@tanstack/angular-query-experimental';
import { firstValueFrom } from 'rxjs';

import type { InferRouteBody, InferRouteResult } from '#server-actions';
import type { route as create } from '../../server/routes/api/v1/todos.post';
import type { route as update } from '../../server/routes/api/v1/todos/[id].patch';
import { formErrors } from '../shared/form-errors';
import { injectLiveTodos } from './live-todos';
import { todoPagesOptions, todosQueryKey } from './todos-query';

type Todo = InferRouteResult<typeof create>;

@Component({
  selector: 'app-todo-list',
  changeDetection: ChangeDetectionStrategy.OnPush,
  templateUrl: './todo-list.html',
})
export class TodoList {
  /** The id of the newest todo event when the page was rendered (its loader's), if known. */
  readonly listedThrough = input<string>();
  private readonly http = inject(HttpClient);
  private readonly queryClient = inject(QueryClient);
  private readonly refresh = {
    onSuccess: () => this.queryClient.invalidateQueries({ queryKey: todosQueryKey }),
  };

  protected readonly todos = injectInfiniteQuery(() => todoPagesOptions(this.http));
  /** The pages loaded so far, as one list. */
  protected readonly items = computed(() => this.todos.data()?.pages.flatMap((page) => page.items) ?? []);
  protected readonly create = injectMutation<Todo, HttpErrorResponse, InferRouteBody<typeof create>>(() => ({
    mutationFn: (body) => firstValueFrom(this.http.post<Todo>('/api/v1/todos', body)),
    ...this.refresh,
  }));
  protected readonly update = injectMutation(() => ({
    mutationFn: ({ id, ...body }: { id: string } & InferRouteBody<typeof update>) =>
      firstValueFrom(this.http.patch<Todo>(`/api/v1/todos/${id}`, body)),
    ...this.refresh,
  }));
  protected readonly remove = injectMutation(() => ({
    mutationFn: (id: string) => firstValueFrom(this.http.delete(`/api/v1/todos/${id}`)),
    ...this.refresh,
  }));

  constructor() {
    // Changes made elsewhere (another tab, another user) show without a reload.
    injectLiveTodos(todosQueryKey, this.listedThrough);
  }

  protected add(event: SubmitEvent) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const title = String(new FormData(form).get('title') ?? '');
    this.create.mutate({ title }, { onSuccess: () => form.reset() });
  }

  /** The 422's message for `title`, or what went wrong when adding failed otherwise. */
  protected readonly createError = computed(() => {
    const error = this.create.error();
    if (!error) return undefined;
    const errors = formErrors(error);
    return errors['title'] ?? errors['form'];
  });
}

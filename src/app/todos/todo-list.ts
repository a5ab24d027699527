import { HttpClient, HttpErrorResponse } from '@angular/common/http';
import { ChangeDetectionStrategy, Component, computed, inject } from '@angular/core';
import { QueryClient, injectInfiniteQuery, injectMutation } from '@tanstack/angular-query-experimental';
import { firstValueFrom } from 'rxjs';

import type { InferRouteBody, InferRouteResult } from '#server-actions';
import type { route as create } from '../../server/routes/api/v1/todos.post';
import type { route as update } from '../../server/routes/api/v1/todos/[id].patch';
import { injectLiveTodos } from './live-todos';
import { todoPagesOptions, todosQueryKey } from './todos-query';

type Todo = InferRouteResult<typeof create>;

/** What a refused create means for the form: a 422's first issue, else one sentence about the failure. */
function createErrorMessage(error: HttpErrorResponse): string {
  const issues: unknown = error.error;
  if (error.status === 422 && Array.isArray(issues)) return String(issues[0]?.message ?? 'Check the title.');
  return error.status === 0
    ? 'Could not reach the server. Check your connection and try again.'
    : `Something went wrong on our side (HTTP ${error.status}). Please try again.`;
}

@Component({
  selector: 'app-todo-list',
  changeDetection: ChangeDetectionStrategy.OnPush,
  templateUrl: './todo-list.html',
})
export class TodoList {
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
    injectLiveTodos(todosQueryKey);
  }

  protected add(event: SubmitEvent) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const title = String(new FormData(form).get('title') ?? '');
    this.create.mutate({ title }, { onSuccess: () => form.reset() });
  }

  /** The message shown under the title when adding failed. */
  protected readonly createError = computed(() => {
    const error = this.create.error();
    return error ? createErrorMessage(error) : undefined;
  });
}

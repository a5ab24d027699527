/** TanStack Query page: every request and result is typed from the todo routes' exported `route`. */
// PAGE /todos
import { ChangeDetectionStrategy, Component } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { type RouteMeta, injectLoad } from '@analogjs/router';

import { TodoList } from '../todos/todo-list';
import type { load } from './todos.server';

export const routeMeta: RouteMeta = { title: 'Todos · Analog API routes' };

@Component({
  selector: 'app-todos-page',
  imports: [TodoList],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Todos</h1>
    <p>
      TanStack Query drives the list; every type comes from the <code>route</code> exported by the todo
      routes.
    </p>
    <app-todo-list [listedThrough]="data().listedThrough" />
  `,
})
export default class TodosPage {
  protected readonly data = toSignal(injectLoad<typeof load>(), { requireSync: true });
}

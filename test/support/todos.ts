/** A todo as the API answers it. */
export interface Todo {
  id: string;
  title: string;
  done: boolean;
  createdAt: string;
}

/** A page of `GET /api/v1/todos`. */
export interface TodoPage {
  items: Todo[];
  next: string | null;
}

/**
 * Every todo the server at `baseUrl` stores (only the open or finished ones with `done`), read
 * page by page, following each page's `next` cursor.
 */
export async function allTodos(baseUrl: string, { done }: { done?: boolean } = {}): Promise<Todo[]> {
  const todos: Todo[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const query = new URLSearchParams({ limit: '100', ...(done !== undefined && { done: `${done}` }) });
    if (cursor) query.set('cursor', cursor);
    const page = (await (await fetch(`${baseUrl}/api/v1/todos?${query}`)).json()) as TodoPage;
    todos.push(...page.items);
    cursor = page.next;
  }
  return todos;
}

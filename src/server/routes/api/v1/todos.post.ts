/** Validated create: the `body` schema guards the store, and the route answers 201 with the new todo. */
// POST /api/v1/todos
// Access: anyone. Limits: Body ≤ 1 MiB; a title of 1 to 200 characters; the list holds at most 1,000 todos (TODOS_MAX).
// 201: The new todo.
import { defineServerRoute } from '#server-actions';
import { setResponseStatus } from 'h3';
import { z } from 'zod';

import { createTodo, todoOutput, todoTitle, todosMax } from '../../../lib/todos';

export const route = defineServerRoute({
  body: z.object({ title: todoTitle }),
  output: todoOutput,
  handler: async ({ body, event }) => {
    const todo = await createTodo(body.title, todosMax());
    setResponseStatus(event, 201, 'Created');
    return todo;
  },
});

export default route;

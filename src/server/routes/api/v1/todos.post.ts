/** Validated create: the `body` schema guards the store, and the route answers 201 with the new todo. */
// POST /api/v1/todos
import { defineServerRoute } from '#server-actions';
import { setResponseStatus } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';
import { z } from 'zod';

import { createTodo, todoOutput, todoTitle, todosMax } from '../../../lib/todos';

defineRouteMeta({
  openAPI: {
    security: [],
    'x-access': 'anyone',
    'x-limits':
      'Body ≤ 1 MiB; a title of 1 to 200 characters; the list holds at most 1,000 todos (TODOS_MAX).',
    responses: {
      201: { description: 'The new todo.' },
      409: { description: 'The list is full (`TODOS_MAX` todos): delete one first.' },
    },
  },
});

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

/** Validated create: the `body` schema guards the store, the route answers 201, and `Idempotency-Key` makes a retry safe. */
// POST /api/v1/todos
import { defineServerRoute } from '#server-actions';
import { setResponseStatus } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';
import { z } from 'zod';

import { idempotentOperation, withIdempotency } from '../../../lib/idempotency';
import { createTodo, todoOutput, todoTitle, todosMax } from '../../../lib/todos';

defineRouteMeta({
  openAPI: {
    security: [],
    'x-access': 'anyone',
    'x-limits': 'Body ≤ 1 MiB; a title of 1 to 200 characters; the list holds at most 1,000 todos (TODOS_MAX).',
    responses: {
      201: { description: 'The new todo, or, for a retried `Idempotency-Key`, the first answer again.' },
      409: { description: 'The list is full (`TODOS_MAX` todos): delete one first.' },
    },
  },
});

/** The `Idempotency-Key` header and its 400, 409 and 422: see lib/idempotency. */
export const openApi = idempotentOperation();

export const route = defineServerRoute({
  body: z.object({ title: todoTitle }),
  output: todoOutput,
  handler: ({ body, event }) =>
    withIdempotency(event, async () => {
      const todo = await createTodo(body.title, todosMax());
      setResponseStatus(event, 201, 'Created');
      return todo;
    }),
});

export default route;

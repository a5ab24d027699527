/** Validated create: the `body` schema guards the store, and the route answers 201. */
// POST /api/v1/todos
import { defineServerRoute } from '#server-actions';
import { setResponseStatus } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';
import { z } from 'zod';

import { todoOutput, todoTitle } from '../../../lib/todos';
import { createTodo } from '../../../lib/todos';

defineRouteMeta({
  openAPI: {
    responses: {
      201: { description: 'The new todo.' },
    },
  },
});

export const route = defineServerRoute({
  body: z.object({ title: todoTitle }),
  output: todoOutput,
  handler: async ({ body, event }) => {
    const todo = await createTodo(body.title);
    setResponseStatus(event, 201, 'Created');
    return todo;
  },
});

export default route;

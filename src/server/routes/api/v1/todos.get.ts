/** Validated list with an exported `route`: clients infer the query and result types from it. */
// GET /api/v1/todos?done=true|false
import { defineServerRoute } from '@analogjs/router/server/actions';
import { defineRouteMeta } from 'nitropack/runtime';
import { z } from 'zod';

import { todoOutput } from '../../../lib/todo-schemas';
import { listTodos } from '../../../lib/todos';

defineRouteMeta({
  openAPI: {
    responses: {
      200: { description: 'The todos, oldest first.' },
    },
  },
});

export const route = defineServerRoute({
  query: z.object({
    done: z
      .enum(['true', 'false'])
      .transform((done) => done === 'true')
      .optional(),
  }),
  output: z.array(todoOutput),
  handler: ({ query }) => listTodos(query.done),
});

export default route;

/** Validated partial update: `params` and `body` schemas, then one `UPDATE … COALESCE … RETURNING`; unknown ids get 404. */
// PATCH /api/v1/todos/:id
// Access: anyone. Limits: Body ≤ 1 MiB, title ≤ 200 characters; no rate limit: a public demo list anyone may write.
// 200: The updated todo.
import { defineServerRoute } from '#server-actions';
import { z } from 'zod';

import { todoOutput, todoParams, todoTitle, updateTodo } from '../../../../lib/todos';

export const route = defineServerRoute({
  params: todoParams,
  body: z
    .object({ title: todoTitle.optional(), done: z.boolean().optional() })
    .refine((changes) => changes.title !== undefined || changes.done !== undefined, 'Send a title or done'),
  output: todoOutput,
  handler: ({ params, body }) => updateTodo(params.id, body),
});

export default route;

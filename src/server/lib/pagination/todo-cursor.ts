import { z } from 'zod';

import { todoOutput } from '../todos/todo-schemas';

/** Where a page ends: the sort key `[createdAt, id]` of its last todo. */
const todoKey = z.tuple([z.iso.datetime(), z.uuid()]);
export type TodoKey = z.output<typeof todoKey>;

/** A sort key as a cursor, for keys the route's own query just answered: `todoCursor.encode` would check them, at 5x the cost. */
export const encodeTodoCursor = (key: TodoKey): string =>
  Buffer.from(JSON.stringify(key)).toString('base64url');

/**
 * The `cursor` of `GET /api/v1/todos`: a todo's sort key as base64url JSON, opaque to clients.
 * `decode` turns a query value into the key (anything else is a 422), `encode` makes the `next` one.
 */
export const todoCursor = z.codec(z.base64url().max(200), todoKey, {
  decode: (text, context) => {
    try {
      return JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    } catch {
      context.issues.push({ code: 'custom', message: 'Not a cursor from this list', input: text });
      return z.NEVER;
    }
  },
  encode: encodeTodoCursor,
});

/** The query of `GET /api/v1/todos`: a filter (`?done=true|false`), a page size and where the page starts. */
export const todoPageQuery = z.object({
  done: z
    .enum(['true', 'false'])
    .transform((done) => done === 'true')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: todoCursor.optional(),
});

/** One page of todos, newest first; `next` is the cursor of the following page, `null` on the last. */
export const todoPage = z.object({ items: z.array(todoOutput), next: z.string().nullable() });

import { z } from 'zod';

/** A todo title: trimmed, 1 to 200 characters, no NUL (SQLite would cut the text there, PostgreSQL refuses it). */
export const todoTitle = z
  .string()
  .trim()
  .min(1, 'Enter a title')
  .max(200, 'Keep it under 200 characters')
  .regex(/^[^\0]*$/, 'Remove the NUL character');

/** The `:id` of a todo route. */
export const todoParams = z.object({ id: z.uuid('Not a todo id') });

/** A todo as the routes answer with it: their `output`, and the OpenAPI document's response schema. */
export const todoOutput = z.object({
  id: z.uuid(),
  title: z.string(),
  done: z.boolean(),
  createdAt: z.iso.datetime(),
});

/** Where a page ends: the sort key `[createdAt, id]` of its last todo. */
const todoKey = z.tuple([z.iso.datetime(), z.uuid()]);

/**
 * A sort key as a cursor: base64url JSON. The route encodes keys its own query just answered, so
 * it calls this directly; `todoCursor.encode` would first check the key and then the text against
 * their schemas, which costs five times the encoding itself.
 */
export const encodeTodoCursor = (key: z.output<typeof todoKey>): string =>
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

/** The `done` filter of the todo routes: `?done=true` or `?done=false`. */
const doneFilter = z
  .enum(['true', 'false'])
  .transform((done) => done === 'true')
  .optional();

/** The query of `GET /api/v1/todos`: a filter, a page size and where the page starts. */
export const todoPageQuery = z.object({
  done: doneFilter,
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: todoCursor.optional(),
});

/** One page of todos, newest first; `next` is the cursor of the following page, `null` on the last. */
export const todoPage = z.object({ items: z.array(todoOutput), next: z.string().nullable() });

/** How `GET /api/v1/todos/summary` groups: by creation day or month; also every cache key it has. */
export const summaryPeriods = ['day', 'month'] as const;

export type SummaryPeriod = (typeof summaryPeriods)[number];

/** The query of `GET /api/v1/todos/summary`. */
export const todoSummaryQuery = z.object({ by: z.enum(summaryPeriods).default('month') });

const count = z.number().int().nonnegative();

/** The todo report; `computedAt` tells a cached answer from a fresh one. */
export const todoSummary = z.object({
  by: z.enum(summaryPeriods),
  total: count,
  done: count,
  periods: z.array(z.object({ period: z.string(), created: count, done: count })),
  computedAt: z.iso.datetime(),
});

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

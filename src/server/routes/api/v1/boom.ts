/** Uncaught error: h3 answers 500, and in production the body carries no stack or message. */
// ANY /api/v1/boom
// Access: anyone. Limits: None needed: it throws before doing anything.
// 500: Always: the handler throws.
import { defineEventHandler } from 'h3';

export default defineEventHandler(() => {
  throw new Error('Database password is hunter2');
});

/** JSON route: return a plain object and h3 serialises it as JSON, for any method. */
// ANY /api/v1/hello
// Access: anyone. Limits: None needed: it stores nothing.
// 200: The greeting.
import { defineEventHandler } from 'h3';

export default defineEventHandler(() => ({ message: 'Hello World' }));

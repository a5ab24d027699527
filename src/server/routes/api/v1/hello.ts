/** JSON route: return a plain object and h3 serialises it as JSON, for any method. */
// ANY /api/v1/hello
import { defineEventHandler } from 'h3';

export default defineEventHandler(() => ({ message: 'Hello World' }));

/** Redirect: `redirect()` answers 302 with a `Location` header. */
// GET /api/v1/redirect
// Access: anyone. Limits: None needed: a fixed redirect.
// 302: Go to `/api/v1/hello`.
import { redirect } from '#server-actions';
import { defineEventHandler } from 'h3';

export default defineEventHandler(() => redirect('/api/v1/hello'));

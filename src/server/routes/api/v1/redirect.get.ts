/** Redirect: `redirect()` answers 302 with a `Location` header. */
// GET /api/v1/redirect
import { redirect } from '@analogjs/router/server/actions';
import { defineEventHandler } from 'h3';

export default defineEventHandler(() => redirect('/api/v1/hello'));

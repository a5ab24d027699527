/** Request body with `readBody`: plain h3, checked by hand after `requireAdmin`, answering 201 Created. */
// POST /api/v1/users
// Access: admin. Limits: Body ≤ 1 MiB; only admins.
// 201: The new user (without credentials: it cannot sign in). 400: A body that is not JSON. 422: A missing or invalid name.
import { createError, defineEventHandler, readBody, setResponseStatus } from 'h3';

import { requireAdmin } from '../../../lib/authorization';
import { createUser } from '../../../lib/users';

export default defineEventHandler(async (event) => {
  await requireAdmin(event);
  const body = await readBody<{ name?: unknown } | null>(event);
  const name = typeof body?.name === 'string' ? body.name.trim() : '';
  if (!name || name.length > 100 || name.includes('\0')) {
    // 422 like the validated routes: the JSON parsed, its content is wrong (broken JSON is h3's 400).
    throw createError({
      statusCode: 422,
      statusMessage: 'Unprocessable Entity',
      data: [{ message: 'Enter a name of 1 to 100 characters, without NUL', path: ['name'] }],
    });
  }
  setResponseStatus(event, 201, 'Created');
  return createUser(name);
});

/** Reading SQL with db0: one `SELECT` through `useDatabase()`, SQLite or PostgreSQL alike, after `requireAdmin`. */
// GET /api/v1/users
import { defineEventHandler } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

import { requireAdmin } from '../../../lib/authorization';
import { useDatabase } from '../../../lib/db';
import type { User } from '../../../lib/users';

defineRouteMeta({
  openAPI: {
    security: [{ session: [] }],
    'x-access': 'admin',
    'x-limits': 'None: it reads, and only admins.',
    responses: {
      200: { description: 'Every user.' },
      401: { description: 'No valid session.' },
      403: { description: 'The account is not an admin.' },
    },
  },
});

export default defineEventHandler(async (event) => {
  await requireAdmin(event);
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: User[] }>`SELECT id, name FROM users ORDER BY id`;
  return rows;
});

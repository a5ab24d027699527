/** Reading SQL with db0: one `SELECT` through `useDatabase()`, SQLite or PostgreSQL alike. */
// GET /api/v1/users
import { defineEventHandler } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

import { useDatabase } from '../../../lib/db';
import type { User } from '../../../lib/users';

defineRouteMeta({
  openAPI: {
    responses: {
      200: { description: 'Every user.' },
    },
  },
});

export default defineEventHandler(async () => {
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: User[] }>`SELECT id, name FROM users ORDER BY id`;
  return rows;
});

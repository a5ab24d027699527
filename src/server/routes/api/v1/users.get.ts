/** Reading SQL with db0: one `SELECT` through `useDatabase()`, SQLite or PostgreSQL alike, after `requireAdmin`. */
// GET /api/v1/users
// Access: admin. Limits: None: it reads, and only admins.
// 200: Every user.
import { defineEventHandler } from 'h3';

import { requireAdmin } from '../../../lib/authorization';
import { useDatabase } from '../../../lib/db';
import type { User } from '../../../lib/users';

export default defineEventHandler(async (event) => {
  await requireAdmin(event);
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: User[] }>`SELECT id, name FROM users ORDER BY id`;
  return rows;
});

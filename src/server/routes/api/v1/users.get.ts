/** Reading SQL with db0: `listUsers` runs one `SELECT` through `useDatabase()`, SQLite or PostgreSQL alike. */
// GET /api/v1/users
import { defineEventHandler } from 'h3';

import { listUsers } from '../../../lib/users';

export default defineEventHandler(() => listUsers());

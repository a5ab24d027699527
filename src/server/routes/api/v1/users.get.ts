/** Reading SQL with db0: `listUsers` runs one `SELECT` through `useDatabase()`, SQLite or PostgreSQL alike. */
// GET /api/v1/users
import { defineEventHandler } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

import { listUsers } from '../../../lib/users';

defineRouteMeta({
  openAPI: {
    responses: {
      200: { description: 'Every user.' },
    },
  },
});

export default defineEventHandler(() => listUsers());

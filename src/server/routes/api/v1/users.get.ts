/** Reading from Nitro storage: `useStorage` keeps one record per key, shared by every route. */
// GET /api/v1/users
import { defineEventHandler } from 'h3';

import { listUsers } from '../../../lib/users';

export default defineEventHandler(() => listUsers());

/** Not found with `createError`: an unknown id answers 404 instead of an empty 200. */
// GET /api/v1/users/:id
import { defineEventHandler, getRouterParam } from 'h3';

import { requireUserById } from '../../../../lib/users';

export default defineEventHandler((event) => requireUserById(Number(getRouterParam(event, 'id'))));

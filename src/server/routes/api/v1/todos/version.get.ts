/** Version probe: a client that polls asks whether the list changed for the price of one indexed read, before fetching a page. */
// GET /api/v1/todos/version
import { defineEventHandler, setResponseHeader } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

import { todosVersion } from '../../../../lib/pagination';

defineRouteMeta({
  openAPI: {
    security: [],
    'x-access': 'anyone',
    'x-limits': 'None needed: it reads one row by its primary key.',
    responses: {
      200: { description: "The todos table's version, which every insert, update and delete raises." },
    },
  },
});

/** The same counter the list's ETag is made of; `no-cache`: a cache must ask again before answering it. */
export default defineEventHandler(async (event) => {
  setResponseHeader(event, 'cache-control', 'no-cache');
  return { version: await todosVersion() };
});

/** Version probe: a client that polls asks whether the list changed for the price of one indexed read, before fetching a page. */
// GET /api/v1/todos/version
// Access: anyone. Limits: None needed: it reads one row by its primary key.
// 200: The todos table's version, which every insert, update and delete raises.
import { defineEventHandler, setResponseHeader } from 'h3';

import { todosVersion } from '../../../../lib/pagination';

/** The same counter the list's ETag is made of; `no-cache`: a cache must ask again before answering it. */
export default defineEventHandler(async (event) => {
  setResponseHeader(event, 'cache-control', 'no-cache');
  return { version: await todosVersion() };
});

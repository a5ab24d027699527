/** Query parameters with `getQuery`: strings, and arrays for repeated names. */
// ANY /api/v1/query?param1=Analog&param2=Angular&tag=a&tag=b
// Access: anyone. Limits: None needed: it echoes the query and stores nothing.
// 200: The query as h3 parsed it.
import { defineEventHandler, getQuery } from 'h3';

export default defineEventHandler((event) => {
  const query = getQuery(event);
  return { message: `Hello, ${query['param1']} and ${query['param2']}!`, query };
});

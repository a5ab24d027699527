/** Query parameters with `getQuery`: strings, and arrays for repeated names. */
// ANY /api/v1/query?param1=Analog&param2=Angular&tag=a&tag=b
import { defineEventHandler, getQuery } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

defineRouteMeta({
  openAPI: {
    security: [],
    'x-access': 'anyone',
    'x-limits': 'None needed: it echoes the query and stores nothing.',
    responses: {
      200: { description: 'The query as h3 parsed it.' },
    },
  },
});

export default defineEventHandler((event) => {
  const query = getQuery(event);
  return { message: `Hello, ${query['param1']} and ${query['param2']}!`, query };
});

// The toolkit's floor: a bare h3 1.x app with the same plain handler as GET /api/v1/hello, and
// a PUT that reads a JSON body and answers what the app's PUT /api/v1/users/1 answers, with no
// validation and no storage: what reading a body costs h3 itself.
import { createApp, createRouter, defineEventHandler, getRouterParam, readBody, toNodeListener } from 'h3';
import { createServer } from 'node:http';

const router = createRouter()
  .get(
    '/api/v1/hello',
    defineEventHandler(() => ({ message: 'Hello World' })),
  )
  .put(
    '/api/v1/users/:id',
    defineEventHandler(async (event) => {
      const { name } = await readBody(event);
      return { id: Number(getRouterParam(event, 'id')), name };
    }),
  );

createServer(toNodeListener(createApp().use(router))).listen(Number(process.env.PORT), '127.0.0.1');

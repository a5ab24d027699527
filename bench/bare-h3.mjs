// The toolkit's floor: a bare h3 1.x app with the same plain handler as GET /api/v1/hello.
import { createApp, createRouter, defineEventHandler, toNodeListener } from 'h3';
import { createServer } from 'node:http';

const router = createRouter().get(
  '/api/v1/hello',
  defineEventHandler(() => ({ message: 'Hello World' })),
);

createServer(toNodeListener(createApp().use(router))).listen(Number(process.env.PORT), '127.0.0.1');

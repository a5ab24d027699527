// The machine's ceiling: node:http answering the same JSON as GET /api/v1/hello.
import { createServer } from 'node:http';

const payload = JSON.stringify({ message: 'Hello World' });

createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(payload);
}).listen(Number(process.env.PORT), '127.0.0.1');

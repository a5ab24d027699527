import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** A body still arriving, and since when its socket has read nothing. */
interface Arriving {
  request: IncomingMessage;
  response: ServerResponse;
  bytesRead: number;
  idleSince: number;
}

const message = JSON.stringify({
  statusCode: 408,
  statusMessage: 'Request Timeout',
  message: 'The request body stopped arriving',
});
const timedOut =
  'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json\r\n' +
  `Content-Length: ${Buffer.byteLength(message)}\r\n\r\n${message}`;

const hasBody = ({ headers }: IncomingMessage) =>
  headers['transfer-encoding'] !== undefined || Number(headers['content-length']) > 0;

/**
 * nginx's `client_body_timeout` for Node: a request body that delivers nothing for `idleMs` is cut,
 * answered 408 (unless its answer has begun) and its connection closed, while one that keeps
 * arriving, however slowly, is not. Checked every second by the bytes its socket has read, so
 * nothing here reads or pauses a body. A body left unread by its route and so paused counts as
 * stalled too: no route leaves one waiting that long.
 */
export function cutIdleBodies(server: Server, idleMs: number): void {
  const arriving = new Set<Arriving>();
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (hasBody(request))
      arriving.add({ request, response, bytesRead: request.socket.bytesRead, idleSince: Date.now() });
  });
  setInterval(() => {
    const now = Date.now();
    for (const body of arriving) {
      const { request, response } = body;
      const { socket } = request;
      if (request.complete || socket.destroyed) arriving.delete(body);
      else if (socket.bytesRead !== body.bytesRead)
        Object.assign(body, { bytesRead: socket.bytesRead, idleSince: now });
      else if (now - body.idleSince >= idleMs) {
        arriving.delete(body);
        // As Node answers its own request timeout: the answer, unless one has begun, then the end.
        if (!response.headersSent) socket.write(timedOut);
        socket.destroy();
      }
    }
  }, 1_000).unref();
}

import { type Socket, connect } from 'node:net';

/** A stream request whose client stopped reading: the server sees a socket that fills up. */
export interface StalledStream {
  socket: Socket;
  status: number;
}

/**
 * Sends `GET path` with `headers` on a raw socket and answers the status once the response's
 * first bytes came; after those it never reads again (the socket is paused, so what the server
 * sends piles up in the kernel's buffers, then in the server's).
 */
export function openStalledStream(
  baseUrl: string,
  headers: Record<string, string>,
  path = '/api/v1/todos/events',
): Promise<StalledStream> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('error', reject);
    const lines = Object.entries({ host: `${hostname}:${port}`, ...headers }).map(
      ([name, value]) => `${name}: ${value}`,
    );
    socket.write([`GET ${path} HTTP/1.1`, ...lines, '', ''].join('\r\n'));
    socket.once('data', (head: Buffer) => {
      socket.pause();
      resolve({ socket, status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head.toString('latin1'))?.[1]) });
    });
  });
}

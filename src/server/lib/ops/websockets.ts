import wsAdapter from 'crossws/adapters/node';
import type { App } from 'h3';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

/** The largest WebSocket frame the server reads at all; a route may cap lower (the chat: 4 KiB). */
export const maxWebSocketFrameBytes = 64 * 1024;

/**
 * The server's `upgrade` listener: crossws's node adapter, with two production limits Nitro's
 * entry leaves out. A path whose handler is no WebSocket handler with an `upgrade` guard gets
 * 404 (h3 resolves an unknown path to empty hooks, which crossws would accept: an open socket
 * that no route counts or limits). And no frame over `maxWebSocketFrameBytes` is buffered: a
 * bigger one closes its connection with 1009.
 */
export function websocketUpgrades(app: App) {
  const { handleUpgrade } = wsAdapter({
    ...app.websocket,
    serverOptions: { maxPayload: maxWebSocketFrameBytes },
  });
  const refuse = (socket: Duplex, status: string) =>
    socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
  return async (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    try {
      // The handler h3 would run for the path, as h3's own `app.websocket.resolve` finds it.
      const resolved = await app.resolve(new URL(req.url ?? '/', 'http://localhost').pathname);
      if (resolved?.handler.__websocket__?.upgrade) await handleUpgrade(req, socket, head);
      else refuse(socket, '404 Not Found');
    } catch {
      // A guard that failed (the database is down) rather than refused: nothing to leak.
      if (socket.writable) refuse(socket, '503 Service Unavailable');
    }
  };
}

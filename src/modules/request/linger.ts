import type { H3Event } from 'h3';

/**
 * Ends a request whose body was refused unread (413, 429, 401 …) as nginx's `lingering_close` does: the
 * answer says `Connection: close`, and the rest of the body is thrown away for up to 5 s or 16 MiB, so a
 * client still sending reads the answer rather than a reset (RFC 9110, §9.6); one sending more is cut off.
 */
export function lingerAfterRefusal(event: H3Event): void {
  const { req, res } = event.node;
  const socket = req.socket;
  if (!res.headersSent) res.setHeader('connection', 'close');
  if (req.complete || socket.destroyed) return;
  let left = 16 * 1024 * 1024;
  req.unpipe().removeAllListeners('data');
  req.on('data', (chunk: Buffer) => {
    if ((left -= chunk.length) < 0) socket.destroy();
  });
  req.resume();
  const cutOff = setTimeout(() => socket.destroy(), 5_000).unref();
  socket.once('close', () => clearTimeout(cutOff));
  // Node ends a `Connection: close` answer with `destroySoon`, which would destroy the socket once it is out.
  socket.destroySoon = () => socket.end();
}

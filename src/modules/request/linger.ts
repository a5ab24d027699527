import type { H3Event } from 'h3';

/** How long, and how much more of, a refused body is read and thrown away before its connection is cut. */
const lingerMs = 5_000;
const lingerBytes = 16 * 1024 * 1024;

/**
 * Ends a request whose body the server refused before reading it all (413, 429, 401 …), as
 * nginx's `lingering_close` does: the answer says `Connection: close`, and the rest of the body
 * is read and thrown away for up to 5 s or 16 MiB, so a client still sending gets to read the
 * answer. Closing at once would reset the connection under it, and the answer with it (RFC 9110,
 * §9.6). Nothing read is kept; a client that sends more or longer is cut off.
 *
 * Node's API (checked against Node 20 and 24): Node ends a socket whose answer said
 * `Connection: close` through `socket.destroySoon()`, which destroys it once the answer is
 * written; here it only ends the writing side, and the bounds above destroy it.
 */
export function lingerAfterRefusal(event: H3Event): void {
  const { req, res } = event.node;
  if (!res.headersSent) res.setHeader('connection', 'close');
  if (req.complete || req.socket.destroyed) return;
  const socket = req.socket;
  let left = lingerBytes;
  req.unpipe();
  req.removeAllListeners('data');
  req.on('data', (chunk: Buffer) => {
    left -= chunk.length;
    if (left < 0) socket.destroy();
  });
  req.resume();
  const cutOff = setTimeout(() => socket.destroy(), lingerMs).unref();
  socket.once('close', () => clearTimeout(cutOff));
  socket.destroySoon = () => socket.end();
}

import { type H3Event, createError, readRawBody } from 'h3';
import { getRouteRules } from 'nitropack/runtime';
import { createHash } from 'node:crypto';

import { capBody } from '../../../modules/request';

/** A streamed body a retry sends is hashed as it arrives, never kept, up to this many bytes. */
const maxStreamedBytes = 16 * 1024 * 1024;

/**
 * The request body's SHA-256, once the whole body has passed (`ready`: known without the route reading it),
 * and `drain`, which reads what the route has not, so `digest` resolves (413 over 16 MiB).
 */
export interface BodyDigest {
  digest: Promise<string>;
  ready: boolean;
  drain: () => Promise<string>;
}

/**
 * The body's digest. A body the route reads whole (every route but one whose `bodyLimit` rule is
 * `false`) is read now, under that limit, and hashed; h3 keeps the copy for the route. A route that streams its
 * body itself (an upload) keeps streaming: the digest listens to the same chunks as they pass, and
 * the stream stays paused until the route reads it, so no chunk goes by unseen.
 */
export async function digestBody(event: H3Event): Promise<BodyDigest> {
  const { bodyLimit } = getRouteRules(event);
  if (bodyLimit !== false) {
    // Read under the route's limit (1 MiB unless its rule says), also when no limit ran before this.
    await capBody(event, bodyLimit ?? 1024 * 1024);
    const digest = Promise.resolve(sha256((await readRawBody(event, false)) ?? Buffer.alloc(0)));
    return { digest, ready: true, drain: () => digest };
  }
  const request = event.node.req;
  const hash = createHash('sha256');
  let size = 0;
  request.pause();
  const digest = new Promise<string>((resolve, reject) => {
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      hash.update(chunk);
    });
    request.once('end', () => resolve(hash.digest('base64url')));
    request.once('error', reject);
  });
  // Without a reader, a body that never ends would leave the digest pending: that is a failed request.
  digest.catch(() => undefined);
  const drain = async () => {
    request.on('data', () => {
      if (size > maxStreamedBytes) request.destroy(tooLarge());
    });
    request.resume();
    return digest;
  };
  return { digest, ready: false, drain };
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('base64url');

const tooLarge = () =>
  createError({
    statusCode: 413,
    statusMessage: 'Payload Too Large',
    message: `Request bodies are limited to ${maxStreamedBytes} bytes`,
  });

/** The request's fingerprint: its method, path and query, and its body's digest. */
export function requestFingerprint(event: H3Event, bodyDigest: string): string {
  // Under a middleware's path prefix h3 gives `event.path` without it: `originalUrl` is the whole path.
  const path = event.node.req.originalUrl ?? event.path;
  return sha256(`${event.method} ${path}\n${bodyDigest}`);
}

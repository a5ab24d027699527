import { createError } from 'h3';
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a delivery's timestamp may be from the server's clock, either way: 5 minutes. */
export const toleranceSeconds = 5 * 60;

/** More `v1=` values than any rotation needs is a malformed header, not a list to try. */
const maxSignatures = 8;

const badHeader = (message: string) =>
  createError({ statusCode: 400, statusMessage: 'Bad Request', message });
const unauthorized = (message: string) =>
  createError({ statusCode: 401, statusMessage: 'Unauthorized', message });

/** A `t=…,v1=…` header, read: the timestamp in seconds and the v1 signatures as bytes. */
export interface SignatureHeader {
  timestamp: number;
  signatures: Buffer[];
}

/**
 * Reads a Stripe-style signature header, `t=<unix seconds>,v1=<hex HMAC>[,v1=<hex HMAC>…]`:
 * several `v1` values while the sender rotates its secret, other schemes (`v0=`) ignored.
 * Anything else is a 400.
 */
export function parseSignatureHeader(header: string | undefined): SignatureHeader {
  if (!header) throw badHeader('Send the Webhook-Signature header: t=<timestamp>,v1=<signature>');
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const item of header.split(',')) {
    const [, name = '', value = ''] = /^\s*(\w+)=(.*?)\s*$/.exec(item) ?? [];
    if (name === 't' && timestamp === undefined && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (name === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(Buffer.from(value, 'hex'));
    // Another scheme's signature (`v0=`) is skipped; anything else is no header this route reads.
    else if (name === 't' || name === 'v1' || !/^v\d+$/.test(name))
      throw badHeader('Webhook-Signature is malformed');
  }
  if (timestamp === undefined || !signatures.length || signatures.length > maxSignatures) {
    throw badHeader(`Webhook-Signature needs one t= and 1 to ${maxSignatures} v1= values`);
  }
  return { timestamp, signatures };
}

/** The v1 signature of `body` sent at `timestamp`: HMAC-SHA256 of `<timestamp>.<raw body>`. */
export function signPayload(secret: string, timestamp: number, body: Buffer | string): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();
}

/**
 * Throws 401 unless one of the header's signatures is the HMAC of the exact body bytes under one
 * of `secrets` (the current and, while rotating, the previous one), compared in constant time,
 * and the timestamp is within `toleranceSeconds` of `now`: a captured delivery can't be replayed
 * later, nor one signed ahead of time.
 */
export function verifySignature(
  header: string | undefined,
  body: Buffer,
  secrets: readonly string[],
  now = Date.now(),
): void {
  const { timestamp, signatures } = parseSignatureHeader(header);
  const signed = secrets.some((secret) => {
    const expected = signPayload(secret, timestamp, body);
    return signatures.some((signature) => timingSafeEqual(signature, expected));
  });
  if (!signed) throw unauthorized('The signature does not match the body');
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) {
    throw unauthorized(`The signature's timestamp is more than ${toleranceSeconds} seconds away`);
  }
}

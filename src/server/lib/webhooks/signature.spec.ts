import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { parseSignatureHeader, signPayload, toleranceSeconds, verifySignature } from './signature';

const secret = 'whsec_unit-test-secret-of-32-characters';
const previous = 'whsec_the-secret-before-the-rotation!!';
const now = Date.UTC(2026, 10, 25, 12);
const t = now / 1000;
const body = Buffer.from('{"id":"evt_1","type":"payment.succeeded"}');

const header = (timestamp: number, ...secrets: string[]) =>
  [`t=${timestamp}`, ...secrets.map((s) => `v1=${signPayload(s, timestamp, body).toString('hex')}`)].join(
    ',',
  );

const statusOf = (run: () => void) => {
  try {
    run();
    return 'verified';
  } catch (error) {
    return (error as { statusCode: number }).statusCode;
  }
};

describe('verifySignature', () => {
  it('accepts the HMAC of the exact bytes under the secret', () => {
    expect(statusOf(() => verifySignature(header(t, secret), body, [secret], now))).toBe('verified');
  });

  it('accepts any of several v1 signatures, and any of several secrets, while a secret rotates', () => {
    expect(statusOf(() => verifySignature(header(t, previous, secret), body, [secret], now))).toBe(
      'verified',
    );
    expect(statusOf(() => verifySignature(header(t, previous), body, [secret, previous], now))).toBe(
      'verified',
    );
  });

  it('refuses another secret, a changed byte and a changed timestamp with 401', () => {
    expect(statusOf(() => verifySignature(header(t, previous), body, [secret], now))).toBe(401);
    const tampered = Buffer.from(body);
    tampered[tampered.length - 2] ^= 1;
    expect(statusOf(() => verifySignature(header(t, secret), tampered, [secret], now))).toBe(401);
    const moved = header(t, secret).replace(`t=${t}`, `t=${t + 1}`);
    expect(statusOf(() => verifySignature(moved, body, [secret], now))).toBe(401);
  });

  it('holds the 5-minute tolerance both ways', () => {
    for (const offset of [-toleranceSeconds, toleranceSeconds])
      expect(statusOf(() => verifySignature(header(t + offset, secret), body, [secret], now))).toBe(
        'verified',
      );
    for (const offset of [-toleranceSeconds - 1, toleranceSeconds + 1])
      expect(statusOf(() => verifySignature(header(t + offset, secret), body, [secret], now))).toBe(401);
  });

  it('never verifies a body changed anywhere (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 200 }), fc.nat(), (bytes, at) => {
        const original = Buffer.from(bytes);
        const signed = `t=${t},v1=${signPayload(secret, t, original).toString('hex')}`;
        const changed = Buffer.from(original);
        changed[at % changed.length] ^= 0xff;
        expect(statusOf(() => verifySignature(signed, changed, [secret], now))).toBe(401);
      }),
    );
  });
});

describe('parseSignatureHeader', () => {
  const v1 = 'a'.repeat(64);

  it('reads the timestamp and every v1, skipping other schemes', () => {
    const parsed = parseSignatureHeader(`t=1700000000, v1=${v1}, v0=ignored, v1=${'b'.repeat(64)}`);
    expect(parsed.timestamp).toBe(1_700_000_000);
    expect(parsed.signatures.map((signature) => signature.toString('hex'))).toEqual([v1, 'b'.repeat(64)]);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['without a timestamp', `v1=${v1}`],
    ['without a signature', 't=1700000000'],
    ['with a short signature', 't=1700000000,v1=abc'],
    ['with a non-hex signature', `t=1700000000,v1=${'z'.repeat(64)}`],
    ['with two timestamps', `t=1,t=2,v1=${v1}`],
    ['with a negative timestamp', `t=-1,v1=${v1}`],
    ['with an unknown item', `t=1700000000,v1=${v1},x=1`],
    ['with nine signatures', `t=1700000000${`,v1=${v1}`.repeat(9)}`],
    ['as JSON', '{"t":1}'],
  ])('refuses a header %s with 400', (_name, value) => {
    expect(statusOf(() => parseSignatureHeader(value))).toBe(400);
  });
});

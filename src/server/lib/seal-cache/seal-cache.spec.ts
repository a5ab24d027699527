import { type H3Event, sealSession, unsealSession } from 'h3';
import { describe, expect, it, vi } from 'vitest';

import type { Unseal } from '../auth';
import { cacheVerifiedSeals } from './seal-cache';

// The sessions code alone, outside Nitro: `lib/auth`'s index also reads Nitro's runtime config.
vi.mock('nitropack/runtime', () => ({ useRuntimeConfig: () => ({}) }));

const password = 'a-session-secret-of-at-least-32-characters';
const maxAge = 60 * 60 * 24 * 7;
const event = () => ({ context: {} }) as unknown as H3Event;

/** A cookie's text, sealed by h3 as the sessions code seals it, for a session started at `createdAt`. */
const seal = (id: string, createdAt = Date.now()) =>
  sealSession({ context: { sessions: { session: { id, createdAt, data: {} } } } } as unknown as H3Event, {
    name: 'session',
    password,
    maxAge,
  });

/** h3's unseal, as the sessions code calls it, counting its calls. */
function countingUnseal() {
  const calls: string[] = [];
  const unseal: Unseal = async (_, sealed) => {
    calls.push(sealed);
    const session = await unsealSession(event(), { name: 'session', password, maxAge }, sealed).catch(
      () => undefined,
    );
    return session?.id && session.createdAt ? { id: session.id, createdAt: session.createdAt } : undefined;
  };
  return { unseal, calls };
}

describe('cacheVerifiedSeals', () => {
  it('unseals a verified cookie once, then answers its session from memory', async () => {
    const { unseal, calls } = countingUnseal();
    const cached = cacheVerifiedSeals(unseal);
    const cookie = await seal('session-1');
    expect(await cached(event(), cookie)).toMatchObject({ id: 'session-1' });
    expect(await cached(event(), cookie)).toMatchObject({ id: 'session-1' });
    expect(calls).toHaveLength(1);
  });

  it('never remembers a cookie that does not verify: a tampered copy is unsealed in full each time', async () => {
    const { unseal, calls } = countingUnseal();
    const cached = cacheVerifiedSeals(unseal);
    const cookie = await seal('session-2');
    const at = cookie.length - 5;
    const tampered = cookie.slice(0, at) + (cookie[at] === 'A' ? 'B' : 'A') + cookie.slice(at + 1);
    expect(await cached(event(), cookie)).toMatchObject({ id: 'session-2' });
    expect(await cached(event(), tampered)).toBeUndefined();
    expect(await cached(event(), tampered)).toBeUndefined();
    expect(calls).toEqual([cookie, tampered, tampered]);
  });

  it("forgets a cookie at its session's end", async () => {
    const { unseal, calls } = countingUnseal();
    const cached = cacheVerifiedSeals(unseal);
    // Started 7 days minus 200 ms ago: valid now, expired in 200 ms.
    const cookie = await seal('session-3', Date.now() - maxAge * 1000 + 200);
    expect(await cached(event(), cookie)).toMatchObject({ id: 'session-3' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await cached(event(), cookie)).toBeUndefined();
    expect(calls).toHaveLength(2);
  });
});

import { LRUCache } from 'lru-cache';

import { type SealedSession, type Unseal, sessionLifetime } from '../auth';

/** Distinct cookies kept; filling it takes real sign-ins, and 10,000 of them are a few megabytes. */
const maxSeals = 10_000;

/**
 * `unseal`, remembering each cookie whose seal verified, by its exact text, until its session's
 * end. Unsealing is about four fifths of a `GET /api/v1/me` (docs/tuning.md); a hit is one map
 * lookup. A tampered copy is another text, so it misses and is unsealed in full. The cache only
 * says whose seal a cookie is: the sessions code still reads the session's row on every request,
 * so a session ended in any process ends here at once.
 */
export function cacheVerifiedSeals(unseal: Unseal): Unseal {
  const verified = new LRUCache<string, SealedSession>({ max: maxSeals });
  return async (event, sealed) => {
    const known = verified.get(sealed);
    if (known) return known;
    const session = await unseal(event, sealed);
    // A ttl of 0 would mean "never" to the cache.
    const ttl = session ? session.createdAt + sessionLifetime - Date.now() : 0;
    if (session && ttl > 0) verified.set(sealed, session, { ttl });
    return session;
  };
}

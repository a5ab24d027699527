import {
  type H3Event,
  createError,
  getRequestHeader,
  getResponseHeader,
  setResponseHeader,
  setResponseHeaders,
  setResponseStatus,
} from 'h3';
import { useRuntimeConfig } from 'nitropack/runtime';
import { randomUUID } from 'node:crypto';

import { identifiedCallerKey } from '../../../modules/request';
import { digestBody, requestFingerprint } from './fingerprint';
import { parseIdempotencyKey } from './key';
import { type KeyRecord, claimKey, findKey, keysHeld, keysStored, releaseKey, storeResponse } from './store';

/**
 * How long a claim holds before it counts as abandoned (its process died mid-request): longer than
 * Node's 5-minute `requestTimeout`, so no live request outlasts its claim.
 */
const leaseSeconds = 10 * 60;

/** The response headers a replay repeats; the body's type is set again as the body is sent. */
const replayedHeaders = ['location', 'content-location', 'etag', 'last-modified', 'link'];

const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

const conflict = (message: string) => createError({ statusCode: 409, statusMessage: 'Conflict', message });
/** A caller's keys are capped: a stranger can't fill the table, 24 hours at a time. */
const tooManyKeys = (maxKeys: number) =>
  createError({
    statusCode: 429,
    statusMessage: 'Too Many Requests',
    message: `At most ${maxKeys} Idempotency-Keys per caller are kept for 24 hours; retry without a new key, or later`,
  });
/** All callers together are capped too: addresses are cheap, and one /48 holds 65,536 callers. */
function storeFull(event: H3Event) {
  setResponseHeader(event, 'retry-after', 600);
  return createError({
    statusCode: 503,
    statusMessage: 'Service Unavailable',
    message: 'The server keeps all the Idempotency-Keys it may; retry without a key, or later',
  });
}
const mismatch = () =>
  createError({
    statusCode: 422,
    statusMessage: 'Unprocessable Entity',
    message: 'This Idempotency-Key was used with a different request; use a new key for a new request',
  });

/** Sends the stored response again, marked `Idempotent-Replayed: true`. */
function replay(event: H3Event, record: KeyRecord): unknown {
  setResponseStatus(event, Number(record.response_status));
  setResponseHeaders(event, JSON.parse(record.response_headers ?? '{}') as Record<string, string>);
  setResponseHeader(event, 'idempotent-replayed', 'true');
  return JSON.parse(record.response_body ?? 'null') as unknown;
}

/** A request that holds the claim on its key: it runs, then `finishIdempotent` stores its answer. */
export interface IdempotentClaim {
  caller: string;
  key: string;
  claim: string;
  fingerprint: () => Promise<string>;
}

/**
 * The first half of an idempotent request (draft-ietf-httpapi-idempotency-key-header): without an
 * `Idempotency-Key`, `undefined` (the request just runs); for a key this caller used with the same
 * request (method, path, body digest) and finished, `{ replay }`, the first answer again; for one
 * still running, a 409; with another request, a 422. Otherwise the request claims the key.
 */
export async function beginIdempotent(
  event: H3Event,
): Promise<{ replay: unknown } | { claim: IdempotentClaim } | undefined> {
  const key = parseIdempotencyKey(getRequestHeader(event, 'idempotency-key'));
  if (key === undefined) return undefined;
  // Whose keys these are, so keys never cross callers: the signed-in account, also where no route guard
  // has read the session yet (the middleware), else the address (an IPv6 one by its /64).
  const caller = await identifiedCallerKey(event);
  const body = await digestBody(event);
  const known = body.ready ? requestFingerprint(event, await body.digest) : null;
  const fingerprint = async () => known ?? requestFingerprint(event, await body.drain());

  const config = useRuntimeConfig();
  const limits = {
    perCaller: Number(config['idempotencyKeysPerCaller']) || 1_000,
    total: Number(config['idempotencyKeysMax']) || 100_000,
  };
  // A lapsed claim is deleted and claimed again: at most a few rounds, however many race.
  for (let round = 0; round < 3; round += 1) {
    const claim = randomUUID();
    if (await claimKey(caller, key, claim, known, later(leaseSeconds), limits))
      return { claim: { caller, key, claim, fingerprint } };
    const record = await findKey(caller, key);
    if (!record && (await keysHeld(caller)) >= limits.perCaller) throw tooManyKeys(limits.perCaller);
    if (!record && (await keysStored()) >= limits.total) throw storeFull(event);
    if (!record) continue;
    if (record.expires_at < new Date().toISOString()) {
      await releaseKey(caller, key, record.claim);
      continue;
    }
    if (record.response_status === null) {
      if (known && record.fingerprint && record.fingerprint !== known) throw mismatch();
      setResponseHeader(event, 'retry-after', 1);
      throw conflict('A request with this Idempotency-Key is still being processed; retry shortly');
    }
    if (record.fingerprint !== (await fingerprint())) throw mismatch();
    return { replay: replay(event, record) };
  }
  setResponseHeader(event, 'retry-after', 1);
  throw conflict('This Idempotency-Key keeps changing hands; retry shortly');
}

/** Stores the answer of the request that held the claim, for `IDEMPOTENCY_KEY_TTL_SECONDS` (24 h). */
export async function finishIdempotent(event: H3Event, held: IdempotentClaim, result: unknown) {
  const headers = Object.fromEntries(
    replayedHeaders.flatMap((name) => {
      const value = getResponseHeader(event, name);
      return value === undefined ? [] : [[name, String(value)]];
    }),
  );
  const ttl = Number(useRuntimeConfig()['idempotencyKeyTtlSeconds']) || 24 * 60 * 60;
  const response = { status: event.node.res.statusCode, headers, body: JSON.stringify(result ?? null) };
  const { caller, key, claim } = held;
  // The work is done: its answer goes out even if storing it fails; a retry then meets the claim (409).
  await storeResponse(caller, key, claim, await held.fingerprint(), response, later(ttl)).catch(
    (error: unknown) =>
      console.error(`[idempotency] the response for a key of ${caller} was not stored: ${String(error)}`),
  );
}

/** Gives the key up after the request failed, so a retry runs afresh; a failed release leaves it to its lease. */
export const abandonIdempotent = ({ caller, key, claim }: IdempotentClaim): Promise<void> =>
  releaseKey(caller, key, claim).catch(() => undefined);

/**
 * Makes a POST safe to retry with an `Idempotency-Key`: `run` runs once per caller and key, and a retry gets
 * its stored response (status, headers, JSON body) again (`beginIdempotent`); a failed `run` stores nothing.
 * One line in a route: `withIdempotency(event, () => createThing(...))`; or its route rule (route-rule.ts).
 */
export async function withIdempotency<T>(event: H3Event, run: () => Promise<T>): Promise<T> {
  const begun = await beginIdempotent(event);
  if (!begun) return run();
  if ('replay' in begun) return begun.replay as T;
  let result: T;
  try {
    result = await run();
  } catch (error) {
    await abandonIdempotent(begun.claim);
    throw error;
  }
  await finishIdempotent(event, begun.claim, result);
  return result;
}

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

import { clientAddress } from '../request';
import { digestBody, requestFingerprint } from './fingerprint';
import { parseIdempotencyKey } from './key';
import { type KeyRecord, claimKey, findKey, releaseKey, storeResponse } from './store';

/**
 * How long a claim holds before it counts as abandoned (its process died mid-request): longer than
 * Node's 5-minute `requestTimeout`, so no live request outlasts its claim.
 */
const leaseSeconds = 10 * 60;

/** The response headers a replay repeats; the body's type is set again as the body is sent. */
const replayedHeaders = ['location', 'content-location', 'etag', 'last-modified', 'link'];

const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

/**
 * Whose keys these are, so keys never cross callers: the signed-in user's when the route's guard
 * read the session before (the sessions recipe sets `event.context.userId`), else the client address's.
 */
function callerOf(event: H3Event): string {
  const userId = event.context['userId'] as number | undefined;
  return userId === undefined ? `address:${clientAddress(event)}` : `user:${userId}`;
}

const conflict = (message: string) => createError({ statusCode: 409, statusMessage: 'Conflict', message });
const mismatch = () =>
  createError({
    statusCode: 422,
    statusMessage: 'Unprocessable Entity',
    message: 'This Idempotency-Key was used with a different request; use a new key for a new request',
  });

/** Sends the stored response again, marked `Idempotent-Replayed: true`. */
function replay<T>(event: H3Event, record: KeyRecord): T {
  setResponseStatus(event, Number(record.response_status));
  setResponseHeaders(event, JSON.parse(record.response_headers ?? '{}') as Record<string, string>);
  setResponseHeader(event, 'idempotent-replayed', 'true');
  return JSON.parse(record.response_body ?? 'null') as T;
}

/**
 * Makes a POST safe to retry with an `Idempotency-Key` (draft-ietf-httpapi-idempotency-key-header):
 * `run` runs once per caller and key, and its response (status, headers, JSON body) is stored with
 * the request's fingerprint (method, path, body digest) for `IDEMPOTENCY_KEY_TTL_SECONDS` (24 h).
 * A retry gets that response again; the key with another request is a 422; a retry while the
 * first still runs is a 409. A failed `run` stores nothing, so the retry runs afresh. Without the
 * header, `run` just runs. One line in a route: `withIdempotency(event, () => createThing(...))`.
 */
export async function withIdempotency<T>(event: H3Event, run: () => Promise<T>): Promise<T> {
  const key = parseIdempotencyKey(getRequestHeader(event, 'idempotency-key'));
  if (key === undefined) return run();
  const caller = callerOf(event);
  const body = await digestBody(event);
  const known = body.ready ? requestFingerprint(event, await body.digest) : null;

  // A lapsed claim is deleted and claimed again: at most a few rounds, however many race.
  for (let round = 0; round < 3; round += 1) {
    const claim = randomUUID();
    if (await claimKey(caller, key, claim, known, later(leaseSeconds))) {
      return runClaimed(
        event,
        { caller, key, claim },
        run,
        async () => known ?? requestFingerprint(event, await body.drain()),
      );
    }
    const record = await findKey(caller, key);
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
    const fingerprint = known ?? requestFingerprint(event, await body.drain());
    if (record.fingerprint !== fingerprint) throw mismatch();
    return replay<T>(event, record);
  }
  setResponseHeader(event, 'retry-after', 1);
  throw conflict('This Idempotency-Key keeps changing hands; retry shortly');
}

/** Runs the request that holds the claim, then stores its response, or releases the key when it fails. */
async function runClaimed<T>(
  event: H3Event,
  { caller, key, claim }: { caller: string; key: string; claim: string },
  run: () => Promise<T>,
  fingerprint: () => Promise<string>,
): Promise<T> {
  let result: T;
  try {
    result = await run();
  } catch (error) {
    // The request's own error is the answer; a release that fails too leaves the claim to its lease.
    await releaseKey(caller, key, claim).catch(() => undefined);
    throw error;
  }
  const headers = Object.fromEntries(
    replayedHeaders.flatMap((name) => {
      const value = getResponseHeader(event, name);
      return value === undefined ? [] : [[name, String(value)]];
    }),
  );
  const ttl = Number(useRuntimeConfig()['idempotencyKeyTtlSeconds']) || 24 * 60 * 60;
  const response = { status: event.node.res.statusCode, headers, body: JSON.stringify(result ?? null) };
  // The work is done: its answer goes out even if storing it fails; a retry then meets the claim (409).
  await storeResponse(caller, key, claim, await fingerprint(), response, later(ttl)).catch((error: unknown) =>
    console.error(`[idempotency] the response for a key of ${caller} was not stored: ${String(error)}`),
  );
  return result;
}

import { useDatabase } from '../db';

/** A stored key: who claimed it, for which request, and the response once it is finished. */
export interface KeyRecord {
  claim: string;
  fingerprint: string | null;
  response_status: number | null;
  response_headers: string | null;
  response_body: string | null;
  expires_at: string;
}

/**
 * Claims `key` for `caller` until `leaseUntil`, in one INSERT that exactly one of any number of racing requests,
 * in any process, wins, and only while the caller holds fewer than `limits.perCaller` unexpired keys and the
 * table fewer than `limits.total` (expired ones included until purged). Answers true for the winner.
 */
export async function claimKey(
  caller: string,
  key: string,
  claim: string,
  fingerprint: string | null,
  leaseUntil: Date,
  limits: { perCaller: number; total: number },
): Promise<boolean> {
  const db = await useDatabase();
  const now = new Date().toISOString();
  const { rows } = await db.sql<{ rows: { claim: string }[] }>`INSERT INTO idempotency_keys
    (caller, key, claim, fingerprint, expires_at)
    SELECT ${caller}, ${key}, ${claim}, ${fingerprint}, ${leaseUntil.toISOString()}
    WHERE (SELECT count(*) FROM idempotency_keys WHERE caller = ${caller} AND expires_at > ${now}) < ${limits.perCaller}
      AND (SELECT count(*) FROM idempotency_keys) < ${limits.total}
    ON CONFLICT (caller, key) DO NOTHING RETURNING claim`;
  return rows.length === 1;
}

/** How many keys the table holds, for every caller. */
export async function keysStored(): Promise<number> {
  const db = await useDatabase();
  const { rows = [] } = await db.sql`SELECT count(*) AS stored FROM idempotency_keys`;
  return Number(rows[0]?.['stored'] ?? 0);
}

/** How many unexpired keys `caller` holds. */
export async function keysHeld(caller: string): Promise<number> {
  const db = await useDatabase();
  const { rows = [] } = await db.sql`SELECT count(*) AS held FROM idempotency_keys
    WHERE caller = ${caller} AND expires_at > ${new Date().toISOString()}`;
  return Number(rows[0]?.['held'] ?? 0);
}

/** The record of `key` for `caller`, if there is one. */
export async function findKey(caller: string, key: string): Promise<KeyRecord | undefined> {
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: KeyRecord[] }>`SELECT claim, fingerprint, response_status,
    response_headers, response_body, expires_at FROM idempotency_keys WHERE caller = ${caller} AND key = ${key}`;
  return rows[0];
}

/** Stores the claimed request's fingerprint and response, kept until `expiresAt`. */
export async function storeResponse(
  caller: string,
  key: string,
  claim: string,
  fingerprint: string,
  { status, headers, body }: { status: number; headers: Record<string, string>; body: string },
  expiresAt: Date,
): Promise<void> {
  const db = await useDatabase();
  await db.sql`UPDATE idempotency_keys SET fingerprint = ${fingerprint}, response_status = ${status},
    response_headers = ${JSON.stringify(headers)}, response_body = ${body}, expires_at = ${expiresAt.toISOString()}
    WHERE caller = ${caller} AND key = ${key} AND claim = ${claim}`;
}

/** Gives up a claim (its request failed, or its lease ran out), so the key can be claimed afresh. */
export async function releaseKey(caller: string, key: string, claim: string): Promise<void> {
  const db = await useDatabase();
  await db.sql`DELETE FROM idempotency_keys WHERE caller = ${caller} AND key = ${key} AND claim = ${claim}`;
}

/**
 * Deletes every key past its expiry: stored responses older than their lifetime and claims whose
 * request died with its process. For the housekeeping task; answers how many went.
 */
export async function purgeIdempotencyKeys(now = new Date()): Promise<number> {
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: { key: string }[] }>`DELETE FROM idempotency_keys
    WHERE expires_at < ${now.toISOString()} RETURNING key`;
  return rows.length;
}

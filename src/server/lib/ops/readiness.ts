import { useDatabase } from '../db';
import { isDraining } from './drain';

export type Readiness = { ready: true } | { ready: false; reason: 'draining' | 'database unreachable' };

/** How long readiness waits for the database before it answers "not ready". */
const databaseTimeoutMs = 1_000;

let ping: Promise<unknown> | undefined;

/** One `SELECT 1` at a time: while one hangs (a database that stopped answering), probes share it. */
const pingDatabase = () =>
  (ping ??= useDatabase()
    .then((db) => db.sql`SELECT 1`)
    .finally(() => (ping = undefined)));

/** Resolves with `work`, or rejects after `ms`. */
async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this process should get traffic: not while it drains, and only while the database
 * answers a `SELECT 1` within a second (SQLite or PostgreSQL, whichever `useDatabase` holds).
 */
export async function readiness(): Promise<Readiness> {
  if (isDraining()) return { ready: false, reason: 'draining' };
  try {
    await within(pingDatabase(), databaseTimeoutMs);
  } catch {
    return { ready: false, reason: 'database unreachable' };
  }
  return isDraining() ? { ready: false, reason: 'draining' } : { ready: true };
}

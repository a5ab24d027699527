import type { Database } from 'db0';

/** One attempt to take the lease `name` for `holder`, until `now + ttlMs`, for the round starting at `round`. */
export interface LeaseClaim {
  name: string;
  holder: string;
  round: number;
  ttlMs: number;
  now: number;
}

/**
 * Takes the lease in one atomic statement, on SQLite and PostgreSQL alike: it inserts the row, or
 * takes it over only when the lease is free or expired AND its round is older than this one.
 * Of any number of processes racing for a round, exactly one gets a row back. PostgreSQL locks
 * the row for the upsert and re-checks the condition on the winner's version; SQLite has one writer.
 */
export async function takeLease(
  db: Database,
  { name, holder, round, ttlMs, now }: LeaseClaim,
): Promise<boolean> {
  const { rows = [] } = await db.sql`
    INSERT INTO task_leases (name, holder, round, expires_at) VALUES (${name}, ${holder}, ${round}, ${now + ttlMs})
    ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, round = excluded.round, expires_at = excluded.expires_at
    WHERE task_leases.expires_at <= ${now} AND task_leases.round < excluded.round
    RETURNING holder`;
  return rows.length === 1;
}

/** Extends a lease its holder still holds; false once someone else took it over. */
export async function renewLease(
  db: Database,
  name: string,
  holder: string,
  expiresAt: number,
): Promise<boolean> {
  const { rows = [] } = await db.sql`
    UPDATE task_leases SET expires_at = ${expiresAt} WHERE name = ${name} AND holder = ${holder} RETURNING holder`;
  return rows.length === 1;
}

/** Frees the lease at once; its round stays taken, so nobody runs that round again. */
export async function releaseLease(db: Database, name: string, holder: string): Promise<void> {
  await db.sql`UPDATE task_leases SET expires_at = 0 WHERE name = ${name} AND holder = ${holder}`;
}

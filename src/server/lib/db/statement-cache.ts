import type { Database } from 'db0';

/** A better-sqlite3 connection, as far as this file uses it (the package ships no types here). */
interface SqliteInstance {
  prepare(sql: string): unknown;
}

/** Enough for every query the app writes; `db.sql` puts values in `?` slots, never in the text. */
const maxStatements = 100;

/**
 * Makes the SQLite connection reuse its compiled statements. db0's better-sqlite3 connector
 * (0.3.x) calls the driver's public `prepare(sql)` again on every `db.sql`; compiling is about a
 * third of a one-row `UPDATE … RETURNING` (6 of 17 µs of CPU here) and a fifth of the validated
 * PUT (see README, "Data"). Memoising `prepare` by SQL text keeps db0's API and its connector as
 * they are. Sharing a statement is safe: better-sqlite3 runs it synchronously to the end, and
 * db0 only calls `all`, `run` and `get` on it. This leans on how db0 uses the driver, so
 * `statement-cache.spec.ts` fails when an upgrade of db0 stops compiling on every call (this file
 * can go) or stops going through `prepare` (this file does nothing).
 */
export async function reuseStatements(db: Database): Promise<void> {
  const instance = (await db.getInstance()) as SqliteInstance;
  const prepare = instance.prepare.bind(instance);
  const statements = new Map<string, unknown>();
  instance.prepare = (sql) => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = prepare(sql);
      if (statements.size < maxStatements) statements.set(sql, statement);
    }
    return statement;
  };
}

import type { Connector, Primitive, Statement } from 'db0';

/** A SQLite connection and its compiled statements, as far as this file uses them: better-sqlite3's and node:sqlite's alike. */
interface SqliteStatement {
  all(...params: Primitive[]): unknown[];
  get(...params: Primitive[]): unknown;
  run(...params: Primitive[]): { changes: number };
}
interface SqliteInstance {
  prepare(sql: string): SqliteStatement;
}

/**
 * Enough for every query the app writes (about 140 texts, a few built for a list's length);
 * `db.sql` puts values in `?` slots, never in the text. A statement past it is compiled per call
 * and left to the garbage collector, which on Node 24 can abort the process in better-sqlite3's
 * `Statement::~Statement` (`RemoveEnvironmentCleanupHook`: `(env) != nullptr`, seen in CI's e2e);
 * node:sqlite's statements are collected safely.
 */
const maxStatements = 1_000;

/**
 * db0's SQLite connector (better-sqlite3's or node:sqlite's), compiling each SQL text once. db0
 * (0.3.x) compiles the text again on every `db.sql` and leaves the statement to the garbage
 * collector; compiling is about a third of a one-row `UPDATE … RETURNING` (docs/tuning.md has the
 * bench row). This connector keeps the compiled statement per text and runs it with each call's
 * values. Sharing one is safe: both drivers run a statement synchronously to its end. Texts past
 * `maxStatements` are compiled on each use, as without the cache. Any other connector passes
 * through unchanged.
 */
export function reuseStatements(connector: Connector): Connector {
  // Private API (checked against db0@0.3.4): db0's better-sqlite3 connector is named `sqlite`, its
  // node:sqlite one `node-sqlite`, and their `getInstance()` answers the driver's connection, at once.
  if (connector.name !== 'sqlite' && connector.name !== 'node-sqlite') return connector;
  const compiled = new Map<string, SqliteStatement>();
  const compile = (sql: string) => {
    let statement = compiled.get(sql);
    if (statement === undefined) {
      statement = (connector.getInstance() as SqliteInstance).prepare(sql);
      if (compiled.size < maxStatements) compiled.set(sql, statement);
    }
    return statement;
  };
  const dispose = () => {
    compiled.clear();
    return connector.dispose?.();
  };
  return { ...connector, prepare: (sql) => sqliteStatement(() => compile(sql)), dispose };
}

/** db0's statement over a compiled one: `bind` keeps values for a later call without arguments. */
function sqliteStatement(statement: () => SqliteStatement, bound: Primitive[] = []): Statement {
  const values = (given: Primitive[]) => (given.length ? given : bound);
  return {
    bind: (...params) => sqliteStatement(statement, params),
    all: async (...params) => statement().all(...values(params)),
    // What db0's own connector answers: `success` when a row changed.
    run: async (...params) => {
      const result = statement().run(...values(params));
      return { success: result.changes > 0, ...result };
    },
    get: async (...params) => statement().get(...values(params)),
  };
}

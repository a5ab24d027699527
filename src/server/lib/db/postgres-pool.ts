import { type Connector, type Database, type Primitive, type Statement, createDatabase } from 'db0';
import type pg from 'pg';

/**
 * A db0 connector for PostgreSQL over a `pg.Pool` (or one connection checked out of it); `db.sql` sends every
 * value as a parameter. db0's own `postgresql` connector (0.3.4, still 0.4.2) holds one `pg.Client`, so every
 * query waits for the one before it; over a pool up to `max` run at once and PostgreSQL groups their commits.
 */
export function pooledPostgres(queryable: pg.Pool | pg.PoolClient): Connector<pg.Pool | pg.PoolClient> {
  return {
    name: 'postgresql-pool',
    dialect: 'postgresql',
    getInstance: () => queryable,
    exec: (sql) => queryable.query(sql),
    prepare: (sql) => {
      const text = numberedParams(sql);
      return postgresStatement((values) => queryable.query({ text, values }));
    },
    // A checked-out connection (it has `release`) goes back to the pool in `withConnection`.
    dispose: () => ('release' in queryable ? undefined : queryable.end()),
  };
}

/**
 * Runs `work` with a database whose statements all go over ONE connection of the pool, as a transaction needs
 * (`BEGIN` … `COMMIT` on the pool could land on different connections). One that failed is closed, not reused.
 */
export async function withConnection<T>(pool: pg.Pool, work: (db: Database) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    const result = await work(createDatabase(pooledPostgres(client)));
    client.release();
    return result;
  } catch (error) {
    client.release(error instanceof Error ? error : true);
    throw error;
  }
}

/** db0's statement over `query`, which sends its text with `values`; `bind` keeps values for a call without. */
export function postgresStatement(
  query: (values: Primitive[]) => Promise<pg.QueryResult>,
  bound: Primitive[] = [],
): Statement {
  const values = (given: Primitive[]) => (given.length ? given : bound);
  return {
    bind: (...params) => postgresStatement(query, params),
    all: async (...params) => (await query(values(params))).rows,
    run: async (...params) => ({ success: true, ...(await query(values(params))) }),
    get: async (...params) => (await query(values(params))).rows[0],
  };
}

/** db0 writes `?` for each value; PostgreSQL numbers them: `$1`, `$2`, … */
export function numberedParams(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${(n += 1)}`);
}

import { type Connector, type Database, type Primitive, type Statement, createDatabase } from 'db0';
import pg from 'pg';

/** The pool, or one connection checked out of it: both run `query`. */
type Queryable = pg.Pool | pg.PoolClient;

/**
 * A db0 connector for PostgreSQL over a `pg.Pool`. db0's own `postgresql` connector (0.3.4, and
 * still 0.4.2) holds one `pg.Client` and takes no pool, so every query of the process waits for
 * the one before it, commits included. Over a pool, up to `max` queries run at once and
 * PostgreSQL groups their commits. Statements are named, so each connection parses and plans a
 * statement once, then only binds values (`db.sql` still sends every value as a parameter).
 */
export function pooledPostgres(queryable: Queryable): Connector<Queryable> {
  const query = (sql: string, values: Primitive[]) => {
    const { name, text } = preparedStatement(sql);
    return queryable.query({ name, text, values });
  };
  return {
    name: 'postgresql-pool',
    dialect: 'postgresql',
    getInstance: () => queryable,
    exec: (sql) => queryable.query(sql),
    prepare: (sql) => statement(sql, query, []),
    // A checked-out connection goes back with `release`, in `withConnection`.
    dispose: () => (queryable instanceof pg.Pool ? queryable.end() : undefined),
  };
}

/**
 * Runs `work` with a database whose statements all go over ONE connection of the pool, as a
 * transaction needs (`BEGIN` … `COMMIT` on the pool could land on different connections). A
 * connection that failed is closed instead of going back to the pool.
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

type Query = (sql: string, values: Primitive[]) => Promise<pg.QueryResult>;

/** db0's statement: `bind` keeps values for a later `all`, `run` or `get` without arguments. */
function statement(sql: string, query: Query, bound: Primitive[]): Statement {
  const values = (given: Primitive[]) => (given.length ? given : bound);
  return {
    bind: (...params) => statement(sql, query, params),
    all: async (...params) => (await query(sql, values(params))).rows,
    run: async (...params) => ({ success: true, ...(await query(sql, values(params))) }),
    get: async (...params) => (await query(sql, values(params))).rows[0],
  };
}

/** db0 writes `?` for each value; PostgreSQL numbers them: `$1`, `$2`, … */
const numberedParams = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${(n += 1)}`);
};

/** Enough for every statement the app writes; a text past these runs unnamed, parsed each time. */
const maxNames = 100;

/**
 * The name and numbered text of a SQL text, worked out on its first use and the same on every
 * connection: the routes send the same few texts over and over.
 */
const statements = new Map<string, { name: string; text: string }>();
const preparedStatement = (sql: string): { name?: string; text: string } => {
  const known = statements.get(sql);
  if (known) return known;
  const text = numberedParams(sql);
  if (statements.size >= maxNames) return { text };
  const named = { name: `db0_${statements.size + 1}`, text };
  statements.set(sql, named);
  return named;
};

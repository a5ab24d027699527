import type { Connector } from 'db0';
import type pg from 'pg';

import { numberedParams, postgresStatement } from '../db';

/** Enough for every statement the app writes; a text past these runs unnamed, parsed each time. */
const maxNames = 100;

/**
 * The pool connector of `lib/db` (`pooledPostgres`), sending each statement with a name: each
 * connection then parses and plans a SQL text once and afterwards only binds values (every
 * `${value}` stays a bound parameter). The name and the numbered text are worked out once per
 * text and are the same on every connection. Any other connector passes through unchanged.
 */
export function nameStatements(connector: Connector): Connector {
  if (connector.name !== 'postgresql-pool') return connector;
  const pool = connector.getInstance() as pg.Pool;
  const named = new Map<string, { name?: string; text: string }>();
  const statementOf = (sql: string) => {
    let statement = named.get(sql);
    if (statement === undefined) {
      const text = numberedParams(sql);
      if (named.size >= maxNames) return { text };
      statement = { name: `db0_${named.size + 1}`, text };
      named.set(sql, statement);
    }
    return statement;
  };
  return {
    ...connector,
    prepare: (sql) => {
      const statement = statementOf(sql);
      return postgresStatement((values) => pool.query({ ...statement, values }));
    },
  };
}

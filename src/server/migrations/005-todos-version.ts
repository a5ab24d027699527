import type { Dialect, Migration } from './migration';

/**
 * The statements that count every change to `todos` in `data_versions`, inside the changing
 * transaction, whoever writes: SQLite triggers fire per row, one PostgreSQL trigger per statement.
 */
const countChanges: Record<Dialect, string[]> = {
  sqlite: ['INSERT', 'UPDATE', 'DELETE'].map(
    (change) => `CREATE TRIGGER todos_version_${change.toLowerCase()} AFTER ${change} ON todos
      BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'todos'; END`,
  ),
  postgresql: [
    `CREATE FUNCTION count_todos_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'todos'; RETURN NULL; END $$`,
    `CREATE TRIGGER todos_version AFTER INSERT OR UPDATE OR DELETE ON todos
      FOR EACH STATEMENT EXECUTE FUNCTION count_todos_change()`,
  ],
};

/** A version number of the todos table: the ETag of its pages, so a 304 costs one indexed read. */
export default {
  version: 5,
  name: 'todos-version',
  up: (dialect) => [
    'CREATE TABLE data_versions (name TEXT PRIMARY KEY, version INTEGER NOT NULL)',
    "INSERT INTO data_versions (name, version) VALUES ('todos', 0)",
    ...countChanges[dialect],
  ],
} satisfies Migration;

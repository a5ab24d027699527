import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { serverEntry } from '../support/build';
import { type RunningPostgres, startPostgres } from '../support/postgres.mjs';
import { type RunningServer, startProductionServer } from '../support/server';
import { signUpAdmin } from '../support/sessions';

let postgres: RunningPostgres;
const servers: RunningServer[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await postgres?.stop();
});

/** A server on `databaseUrl` and its admin's session cookie: the users routes let only the admin list all. */
async function start(databaseUrl: string, env: Record<string, string> = {}) {
  const server = await startProductionServer(serverEntry, { DATABASE_URL: databaseUrl, ...env });
  servers.push(server);
  return Object.assign(server, { admin: await signUpAdmin(server.url) });
}

const listUsers = (server: { url: string; admin: string }, init: RequestInit = {}) =>
  fetch(`${server.url}/api/v1/users`, { ...init, headers: { cookie: server.admin } });

/** A connection of the test's own that holds the row locks of `ids` until `release`. */
async function lockUsers(databaseUrl: string, ids: number[]) {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  await client.query('BEGIN');
  await client.query('SELECT id FROM users WHERE id = ANY($1) FOR UPDATE', [ids]);
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  return {
    /** The backend of this connection, which is the test's, not the server's. */
    pid: rows[0].pid,
    release: async () => {
      await client.query('COMMIT');
      await client.end();
    },
  };
}

const rename = ({ url, admin }: { url: string; admin: string }, id: number, name: string) =>
  fetch(`${url}/api/v1/users/${id}`, {
    method: 'PUT',
    body: JSON.stringify({ name }),
    headers: { 'content-type': 'application/json', cookie: admin },
  });

/** The connections the server has open to `database`: this one and the test's `others` excluded. */
async function serverConnections(databaseUrl: string, others: number[] = []): Promise<number> {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      'SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() ' +
        'AND pid <> ALL($1::int[])',
      [others],
    );
    return Number(rows[0].count);
  } finally {
    await client.end();
  }
}

describe('PostgreSQL through a connection pool', () => {
  it('answers other requests while one waits for a row lock', async () => {
    const databaseUrl = await postgres.createDatabase();
    const server = await start(databaseUrl);
    expect((await listUsers(server)).status).toBe(200);

    const lock = await lockUsers(databaseUrl, [1]);
    const waiting = rename(server, 1, 'Ada');
    // With one connection for the whole process, this read would queue behind the blocked UPDATE.
    const list = await listUsers(server, { signal: AbortSignal.timeout(5_000) });
    expect(list.status).toBe(200);
    // The three demo users and the admin.
    expect(await list.json()).toHaveLength(4);

    await lock.release();
    const renamed = await waiting;
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toEqual({ id: 1, name: 'Ada' });
  });

  it('opens at most DATABASE_POOL_SIZE connections, however many requests wait', async () => {
    const databaseUrl = await postgres.createDatabase();
    const server = await start(databaseUrl, { DATABASE_POOL_SIZE: '2' });
    expect((await listUsers(server)).status).toBe(200);

    const lock = await lockUsers(databaseUrl, [1, 2, 3]);
    const waiting = [1, 2, 3, 1, 2, 3].map((id) => rename(server, id, `Renamed ${id}`));
    // Six renames wait on the locks: the pool opens its second connection for them, and no third.
    await expect.poll(() => serverConnections(databaseUrl, [lock.pid])).toBe(2);
    await new Promise((settle) => setTimeout(settle, 500));
    expect(await serverConnections(databaseUrl, [lock.pid])).toBe(2);
    await lock.release();
    expect((await Promise.all(waiting)).map((response) => response.status)).toEqual([
      200, 200, 200, 200, 200, 200,
    ]);
    expect(await serverConnections(databaseUrl)).toBe(2);
  });

  it('migrates once when two servers start together on an empty database', async () => {
    const databaseUrl = await postgres.createDatabase();
    // Without the test admin's account, which would migrate the database before they start.
    const started = await Promise.all(
      [1, 2].map(() =>
        startProductionServer(serverEntry, { DATABASE_URL: databaseUrl }, { withAdmin: false }),
      ),
    );
    servers.push(...started);
    const responses = await Promise.all(started.map((server) => fetch(`${server.url}/api/v1/todos`)));
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    // The three demo users once: a second run of the first migration would have added three more.
    const client = new pg.Client(databaseUrl);
    await client.connect();
    const { rows } = await client.query<{ users: string }>('SELECT count(*) AS users FROM users');
    await client.end();
    expect(Number(rows[0].users)).toBe(3);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { serverEntry } from '../support/build';
import { type RunningPostgres, startPostgres } from '../support/postgres.mjs';
import { type RunningServer, startProductionServer } from '../support/server';

interface User {
  id: number;
  name: string;
}

let postgres: RunningPostgres;
let servers: RunningServer[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
  const databaseUrl = await postgres.createDatabase();
  // Started together, so both apply the migrations at once: the lock makes one wait for the other.
  servers = await Promise.all(
    [1, 2].map(() => startProductionServer(serverEntry, { DATABASE_URL: databaseUrl })),
  );
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await postgres?.stop();
});

const createUser = (server: RunningServer, name: string) =>
  fetch(`${server.url}/api/v1/users`, {
    method: 'POST',
    body: JSON.stringify({ name }),
    headers: { 'content-type': 'application/json' },
  });

const listUsers = async (server: RunningServer) =>
  (await (await fetch(`${server.url}/api/v1/users`)).json()) as User[];

describe('two servers sharing one PostgreSQL (DATABASE_URL)', () => {
  it('reads through one what was written through the other, at once', async () => {
    const [one, other] = servers;
    const created = (await (await createUser(one, 'Written through one')).json()) as User;
    expect(await (await fetch(`${other.url}/api/v1/users/${created.id}`)).json()).toEqual(created);

    const renamed = await fetch(`${other.url}/api/v1/users/${created.id}`, {
      method: 'PUT',
      body: JSON.stringify({ name: 'Renamed through the other' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(renamed.status).toBe(200);
    expect(await listUsers(one)).toContainEqual({ id: created.id, name: 'Renamed through the other' });
  });

  it('stores exactly 200 users from 200 concurrent creates spread over both', async () => {
    const tag = crypto.randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, n) => createUser(servers[n % 2], `${tag} ${n}`)),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(200).fill(201));
    const created = (await Promise.all(responses.map((response) => response.json()))) as User[];
    expect(new Set(created.map((user) => user.id)).size).toBe(200);

    for (const server of servers) {
      const stored = (await listUsers(server)).filter((user) => user.name.startsWith(tag));
      expect(stored).toHaveLength(200);
      expect(stored).toEqual(expect.arrayContaining(created));
    }
  });
});

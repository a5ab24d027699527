import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type InstancesOnPostgres, type RunningServer, startInstancesOnPostgres } from '../support/server';
import { newAccount, postJson, sessionCookie, signUpAdmin } from '../support/sessions';

interface User {
  id: number;
  name: string;
}

let instances: InstancesOnPostgres;
let servers: RunningServer[] = [];
/** The admin's session, valid on both servers: the users routes let only it create and list users. */
let admin: string;

beforeAll(async () => {
  // Started together on one database (its migrations' race is postgres-pool.spec.ts's).
  instances = await startInstancesOnPostgres();
  servers = instances.servers;
  admin = await signUpAdmin(servers[0].url);
}, 120_000);

afterAll(() => instances?.stop());

const createUser = (server: RunningServer, name: string) =>
  fetch(`${server.url}/api/v1/users`, {
    method: 'POST',
    body: JSON.stringify({ name }),
    headers: { 'content-type': 'application/json', cookie: admin },
  });

const listUsers = async (server: RunningServer) =>
  (await (await fetch(`${server.url}/api/v1/users`, { headers: { cookie: admin } })).json()) as User[];

describe('two servers sharing one PostgreSQL (DATABASE_URL)', () => {
  it('reads through one what was written through the other, at once', async () => {
    const [one, other] = servers;
    const created = (await (await createUser(one, 'Written through one')).json()) as User;
    const read = await fetch(`${other.url}/api/v1/users/${created.id}`, { headers: { cookie: admin } });
    expect(await read.json()).toEqual(created);

    const renamed = await fetch(`${other.url}/api/v1/users/${created.id}`, {
      method: 'PUT',
      body: JSON.stringify({ name: 'Renamed through the other' }),
      headers: { 'content-type': 'application/json', cookie: admin },
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

  it('holds the sign-in limit across both: the 6th failure answers 429 wherever it lands', async () => {
    const [one, other] = servers;
    const account = newAccount();
    expect((await postJson(one.url, '/api/v1/auth/sign-up', account)).status).toBe(201);
    const wrong = { email: account.email, password: 'not the password' };
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, n) => postJson(servers[n % 2].url, '/api/v1/auth/sign-in', wrong)),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(5).fill(429)]);
    expect((await postJson(other.url, '/api/v1/auth/sign-in', account)).status).toBe(429);
  });

  it('ends a session on both at once when it signs out on one, though both verified its cookie', async () => {
    const [one, other] = servers;
    const cookie = sessionCookie(await postJson(one.url, '/api/v1/auth/sign-up', newAccount()));
    const readMe = (server: RunningServer) => fetch(`${server.url}/api/v1/me`, { headers: { cookie } });
    expect([(await readMe(one)).status, (await readMe(other)).status]).toEqual([200, 200]);
    expect((await postJson(one.url, '/api/v1/auth/sign-out', {}, { cookie })).status).toBe(204);
    expect([(await readMe(one)).status, (await readMe(other)).status]).toEqual([401, 401]);
  });

  it('accepts on one the session cookie the other set', async () => {
    const [one, other] = servers;
    const account = newAccount('Shared');
    const cookie = sessionCookie(await postJson(one.url, '/api/v1/auth/sign-up', account));
    const me = await fetch(`${other.url}/api/v1/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ name: 'Shared', email: account.email });
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { serverEntry } from '../support/build';
import {
  type InstancesOnPostgres,
  type RunningServer,
  startInstancesOnPostgres,
  startProductionServer,
} from '../support/server';
import { sendTodo, type Todo } from '../support/todo-api';

const cap = 5;

/** Answers how many of `count` concurrent creates on `url` were stored, and every status seen. */
async function createConcurrently(url: string, count: number) {
  const answers = await Promise.all(
    Array.from({ length: count }, () => sendTodo(url, 'POST', '/api/v1/todos', { title: randomUUID() })),
  );
  return answers.map(({ status }) => status);
}

async function listed(url: string): Promise<Todo[]> {
  return (await (await fetch(`${url}/api/v1/todos?limit=100`)).json()).items as Todo[];
}

describe('POST /api/v1/todos on a full list (TODOS_MAX)', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startProductionServer(serverEntry, { TODOS_MAX: String(cap) });
  }, 120_000);

  afterAll(() => server.stop());

  it(`stores exactly ${cap} of 30 concurrent creates and refuses the rest with 409 and the limit`, async () => {
    const statuses = await createConcurrently(server.url, 30);
    expect(statuses.filter((status) => status === 201)).toHaveLength(cap);
    expect(statuses.filter((status) => status === 409)).toHaveLength(30 - cap);
    expect(await listed(server.url)).toHaveLength(cap);

    const refused = await sendTodo(server.url, 'POST', '/api/v1/todos', { title: 'One too many' });
    expect(refused.status).toBe(409);
    expect(refused.headers.get('content-type')).toContain('application/json');
    expect(await refused.json()).toMatchObject({
      statusCode: 409,
      message: `The list holds ${cap} todos, the most it may; delete one first`,
      data: { limit: cap },
    });
  });

  it('takes a new todo again once one is deleted', async () => {
    const [first] = await listed(server.url);
    expect((await sendTodo(server.url, 'DELETE', `/api/v1/todos/${first.id}`)).status).toBe(204);
    expect((await sendTodo(server.url, 'POST', '/api/v1/todos', { title: 'Fits again' })).status).toBe(201);
    expect((await sendTodo(server.url, 'POST', '/api/v1/todos', { title: 'Full again' })).status).toBe(409);
  });
});

describe('POST /api/v1/todos on a full list, two instances sharing PostgreSQL', () => {
  let instances: InstancesOnPostgres;
  let servers: RunningServer[] = [];

  beforeAll(async () => {
    instances = await startInstancesOnPostgres({ TODOS_MAX: String(cap) });
    servers = instances.servers;
  }, 120_000);

  afterAll(() => instances?.stop());

  it('passes the cap by at most the inserts running at once, and refuses every create after', async () => {
    const statuses = (await Promise.all(servers.map((server) => createConcurrently(server.url, 15)))).flat();
    const stored = statuses.filter((status) => status === 201).length;
    expect(stored).toBeGreaterThanOrEqual(cap);
    // Each instance runs at most DATABASE_POOL_SIZE (10) statements at once.
    expect(stored).toBeLessThanOrEqual(cap + 2 * 10);
    expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
    expect(await listed(servers[0].url)).toHaveLength(stored);
    for (const server of servers)
      expect((await sendTodo(server.url, 'POST', '/api/v1/todos', { title: 'Full' })).status).toBe(409);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { serverEntry } from '../support/build';
import { type EventStreamClient, openEventStream } from '../support/event-stream';
import { openStalledStream } from '../support/stalled-stream';
import { type RunningServer, startProductionServer } from '../support/server';
import { sendTodo, todoChanges } from '../support/todo-api';

// Its own server behind a trusted proxy (`X-Forwarded-For` names the client), with 3 streams per
// address and a client cut off after 2 s without reading, so both show quickly.
const perAddress = 3;
/** Enough events that a replay overflows the kernel's socket buffers: 10,000 of 200 3-byte characters. */
const writes = 10_000;
let server: RunningServer;

beforeAll(async () => {
  server = await startProductionServer(serverEntry, {
    TRUST_PROXY: '1',
    TODO_EVENTS_MAX_STREAMS_PER_ADDRESS: String(perAddress),
    TODO_EVENTS_STALL_SECONDS: '2',
  });
  let next = 0;
  const writer = async () => {
    while (next < writes) {
      const response = await sendTodo(server.url, 'POST', '/api/v1/todos', {
        title: `${next++} `.padEnd(200, '待'),
      });
      if (response.status !== 201) throw new Error(`POST /api/v1/todos answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, writer));
}, 180_000);

afterAll(() => server?.stop());

const from = (address: string, headers: Record<string, string> = {}) =>
  openEventStream(server.url, { headers: { 'x-forwarded-for': address, ...headers } });

/** Opens a stream from `address`, closes it, and answers its status. */
async function statusFrom(address: string): Promise<number> {
  const stream = await from(address);
  stream.close();
  return stream.status;
}

describe('GET /api/v1/todos/events, per client', () => {
  it('answers JSON 429 with Retry-After to one stream too many from an address; others still get theirs', async () => {
    const streams: EventStreamClient[] = [];
    for (let n = 0; n < perAddress; n += 1) streams.push(await from('127.0.0.10'));
    expect(streams.map(({ status }) => status)).toEqual(Array(perAddress).fill(200));

    const refused = await from('127.0.0.10');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(await refused.body())).toMatchObject({
      statusCode: 429,
      message: `At most ${perAddress} open streams per client; close one first`,
    });
    expect(await statusFrom('127.0.0.11')).toBe(200);

    // A slot is the address's again once one of its streams closed.
    streams[0].close();
    await expect.poll(() => statusFrom('127.0.0.10')).toBe(200);
    for (const stream of streams) stream.close();
  });

  it('cuts off a client that takes nothing while events wait for it, which frees its slot; it resumes where it was', async () => {
    const stalled = await Promise.all(
      Array.from({ length: perAddress }, () =>
        openStalledStream(server.url, { 'last-event-id': '2', 'x-forwarded-for': '127.0.0.20' }),
      ),
    );
    expect(stalled.map(({ status }) => status)).toEqual(Array(perAddress).fill(200));
    expect(await statusFrom('127.0.0.20')).toBe(429);

    // Within a few seconds of stalling, the server has dropped all three.
    await expect.poll(() => statusFrom('127.0.0.20'), { timeout: 15_000, interval: 500 }).toBe(200);
    for (const { socket } of stalled) socket.destroy();

    // Reconnecting with its Last-Event-ID, a client that reads gets everything after it, in order,
    // and is never cut off, however long the replay takes.
    const resumed = await from('127.0.0.20', { 'last-event-id': '2' });
    // `ready` and the 9,998 events after id 2 (counted cheaply: the client must keep reading).
    await resumed.until('the replay', (events) => events.length >= writes - 1, 60_000);
    resumed.close();
    expect(resumed.events[0]).toMatchObject({ event: 'ready', id: '2' });
    expect(todoChanges(resumed.events).map(({ id }) => id)).toEqual(
      Array.from({ length: writes - 2 }, (_, n) => n + 3),
    );
  }, 90_000);
});

describe("GET /api/v1/todos/events, past the caller's share of queuedBytes", () => {
  let small: RunningServer;

  beforeAll(async () => {
    // The same data, on a server of its own: one stream per address, and no stall cut within the
    // test; what waits unsent for one caller may be 16 KiB (BUDGET_QUEUED_BYTES_PER_CALLER).
    small = await startProductionServer(serverEntry, {
      DATA_DIR: server.dataDir,
      TRUST_PROXY: '1',
      TODO_EVENTS_MAX_STREAMS_PER_ADDRESS: '1',
      TODO_EVENTS_STALL_SECONDS: '600',
      BUDGET_QUEUED_BYTES_PER_CALLER: String(16 * 1024),
    });
  }, 120_000);

  afterAll(() => small?.stop());

  it('cuts off a client that reads nothing once what waits for it passes its share, which frees its slot', async () => {
    const stalled = await openStalledStream(small.url, {
      'last-event-id': '2',
      'x-forwarded-for': '127.0.0.30',
    });
    expect(stalled.status).toBe(200);
    const status = async () => {
      const stream = await openEventStream(small.url, { headers: { 'x-forwarded-for': '127.0.0.30' } });
      stream.close();
      return stream.status;
    };
    // Its replay fills the kernel's buffers, then the server's: it is cut off, long before the stall cut.
    await expect.poll(status, { timeout: 20_000, interval: 500 }).toBe(200);
    stalled.socket.destroy();
  }, 60_000);
});

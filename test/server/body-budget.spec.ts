import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type RunningServer, startProductionServer } from '../support/server';
import { stopAndCheckLog } from '../support/server-log';

const MiB = 1024 * 1024;

/**
 * `POST /api/v1/todos` from the loopback address `from`, declaring a 1 MiB body and sending all of
 * it but the last byte; resolves with the status line of the answer, once the server closed. The body
 * follows the headers after a second unless an answer came first, as a client that sent `Expect:
 * 100-continue` waits: a refusal closes the connection unread, and bytes still arriving then would
 * reset it before the client read the answer (RFC 9110 §9.6).
 */
function nearlyComplete(server: RunningServer, from: string): Promise<string> {
  const { hostname, port } = new URL(server.url);
  const socket = connect({ port: Number(port), host: hostname, localAddress: from });
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  socket.write(
    `POST /api/v1/todos HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: ${MiB}\r\n\r\n`,
  );
  const body = setTimeout(() => socket.write(Buffer.alloc(MiB - 1, 'a')), 1_000);
  socket.once('data', () => clearTimeout(body));
  return new Promise((resolve) => socket.once('close', () => resolve(answer.split('\r\n', 1)[0] ?? '')));
}

describe('the body budget: request bytes in flight in the whole process', () => {
  let server: RunningServer;

  beforeAll(async () => {
    // 16 MiB in all, 4 MiB per caller: sixteen 1 MiB bodies, at most four from one address.
    server = await startProductionServer(undefined, {
      BODY_TIMEOUT_SECONDS: '3',
      BUDGET_BODY_BYTES: String(16 * MiB),
      BUDGET_BODY_BYTES_PER_CALLER: String(4 * MiB),
    });
  }, 120_000);
  afterAll(() => stopAndCheckLog(server));

  it('holds 16 MiB of bodies from many addresses and refuses the rest, 503 once the process is full', async () => {
    // Ten addresses of 127.0.0.0/8 send five near-complete bodies each: 50 MiB wanted, 16 admitted.
    const addresses = Array.from({ length: 10 }, (_, n) => `127.0.0.${n + 10}`);
    const bodies = addresses.map((from) => Array.from({ length: 5 }, () => nearlyComplete(server, from)));
    const health = await fetch(`${server.url}/api/healthz`);
    expect(health.status).toBe(200);
    const byAddress = await Promise.all(bodies.map((sent) => Promise.all(sent)));
    const statuses = byAddress.flat();
    const count = (prefix: string) => statuses.filter((status) => status.startsWith(prefix)).length;
    // The admitted ones wait for their last byte until the 3 s deadline ends them with 408.
    expect(count('HTTP/1.1 408')).toBe(16);
    expect(count('HTTP/1.1 503')).toBeGreaterThan(0);
    // Every answer is one of those three. A connection may end without one: on a loaded machine (CI ran two
    // spec files beside this one), 1 of 50 refused clients still sending once saw its connection close
    // before any answer was read, the reset RFC 9110 §9.6 warns of, which the linger narrows but can't rule out.
    expect(statuses.filter((status) => status !== '' && !/^HTTP\/1\.1 (408|429|503) /.test(status))).toEqual(
      [],
    );
    expect(count('HTTP/1.1 408') + count('HTTP/1.1 429') + count('HTTP/1.1 503')).toBeGreaterThanOrEqual(48);
    // No address held more than its 4 MiB share.
    for (const sent of byAddress) {
      expect(sent.filter((status) => status.startsWith('HTTP/1.1 408')).length).toBeLessThanOrEqual(4);
    }
  }, 60_000);

  it('answers a refused body with Retry-After and a JSON reason, and admits bodies again once those ended', async () => {
    const { hostname, port } = new URL(server.url);
    // Four bodies of one address that announce 1 MiB and send 16 bytes hold its whole share.
    const held = Array.from({ length: 4 }, () => {
      const socket = connect({ port: Number(port), host: hostname, localAddress: '127.0.0.50' });
      socket.on('error', () => undefined);
      socket.write(
        `POST /api/v1/todos HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: ${MiB}\r\n\r\n{"title":"`,
      );
      return socket;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const fifth = connect({ port: Number(port), host: hostname, localAddress: '127.0.0.50' });
    let answer = '';
    fifth.on('data', (chunk) => (answer += chunk.toString('latin1')));
    fifth.write(
      `POST /api/v1/todos HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: ${MiB}\r\n\r\n{"title":"`,
    );
    await new Promise((resolve) => fifth.once('close', resolve));
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head.split('\r\n', 1)[0]).toBe('HTTP/1.1 429 Too Many Requests');
    expect(head).toMatch(/^retry-after: 5$/im);
    expect(head).toMatch(/^connection: close$/im);
    expect(JSON.parse(body)).toMatchObject({
      statusCode: 429,
      message: 'At most 4194304 request body bytes in flight per client at once',
    });
    // The four go away: their share is free again.
    held.forEach((socket) => socket.destroy());
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = connect({ port: Number(port), host: hostname, localAddress: '127.0.0.50' });
    let reply = '';
    again.on('data', (chunk) => (reply += chunk.toString('latin1')));
    const todo = JSON.stringify({ title: 'After the flood' });
    again.end(
      `POST /api/v1/todos HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: ${todo.length}\r\n\r\n${todo}`,
    );
    await new Promise((resolve) => again.once('close', resolve));
    expect(reply.split('\r\n', 1)[0]).toBe('HTTP/1.1 201 Created');
  }, 30_000);
});

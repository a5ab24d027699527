import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type RunningServer, startProductionServer } from '../support/server';
import { stopAndCheckLog } from '../support/server-log';
import { newAccount, signUp } from '../support/sessions';

const MiB = 1024 * 1024;
/** The deadline these servers give a request body (`BODY_TIMEOUT_SECONDS`). */
const deadlineSeconds = 3;

/** The server's resident memory, in MB. */
const rssMb = (server: RunningServer) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.process.pid}/status`, 'utf8'))?.[1]) / 1024;

interface Stalled {
  /** The status line the server answered with, if any (`HTTP/1.1 429 Too Many Requests`). */
  status: () => string | undefined;
  /** Resolves with the milliseconds from the first byte sent until the server closed the connection. */
  closed: Promise<number>;
}

/**
 * Sends `POST /api/v1/todos` declaring a 1 MiB body and all of it but the last byte, then stops:
 * a near-complete body that would stay open and buffered until Node's default 300 s timeout.
 */
function nearlyComplete(server: RunningServer): Stalled {
  const { hostname, port } = new URL(server.url);
  const socket = connect(Number(port), hostname);
  let answer = '';
  const started = performance.now();
  socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  socket.write(
    `POST /api/v1/todos HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: ${MiB}\r\n\r\n`,
  );
  socket.write(Buffer.alloc(MiB - 1, 'a'));
  return {
    status: () => answer.split('\r\n', 1)[0] || undefined,
    closed: new Promise((resolve) => socket.once('close', () => resolve(performance.now() - started))),
  };
}

const boundary = 'deadline-boundary';
const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(53, 1)]);

/**
 * Sends `POST /api/v1/files` chunked as `cookie`: a PNG's part head, then `chunks` chunks of 1 KiB
 * `everyMs` apart, then the closing boundary unless `stall`; resolves with the status line the
 * server answered, or `closed` when it closed the connection without one.
 */
function trickleUpload(
  server: RunningServer,
  cookie: string,
  chunks: number,
  everyMs: number,
  stall = false,
) {
  const { hostname, port } = new URL(server.url);
  const socket = connect(Number(port), hostname);
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  const send = (bytes: Buffer) =>
    socket.write(`${bytes.length.toString(16)}\r\n${bytes.toString('latin1')}\r\n`, 'latin1');
  socket.write(
    `POST /api/v1/files HTTP/1.1\r\nHost: ${hostname}\r\nCookie: ${cookie}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`,
  );
  send(
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.png"\r\n\r\n`,
      ),
      png,
    ]),
  );
  let sent = 0;
  const timer = setInterval(() => {
    if (sent++ < chunks) return void send(Buffer.alloc(1024, 7));
    clearInterval(timer);
    if (stall) return;
    send(Buffer.from(`\r\n--${boundary}--\r\n`));
    socket.write('0\r\n\r\n');
  }, everyMs);
  return new Promise<string>((resolve) =>
    socket.once('close', () => {
      clearInterval(timer);
      resolve(answer.split('\r\n', 1)[0] || 'closed');
    }),
  );
}

describe('request bodies: bounded in time and per address', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startProductionServer(undefined, {
      BODY_TIMEOUT_SECONDS: String(deadlineSeconds),
      // The default share of one caller, which the shared test servers raise.
      BUDGET_BODY_BYTES_PER_CALLER: String(10 * MiB),
    });
  }, 120_000);
  afterAll(() => stopAndCheckLog(server));

  it('holds at most 10 near-complete bodies of one address, cuts them at the deadline, and 250 add under 40 MB', async () => {
    // The same 250 requests with small bodies first: what any burst costs (code compiled, heaps
    // grown) is not what the near-complete bodies pin.
    const warmUp = await Promise.all(
      Array.from({ length: 250 }, () =>
        fetch(`${server.url}/api/v1/todos`, {
          method: 'POST',
          body: '{}',
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    expect(warmUp.map(({ status }) => status)).toEqual(warmUp.map(() => 422));
    const before = rssMb(server);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server))), 50);
    const stalled = Array.from({ length: 250 }, () => nearlyComplete(server));
    const closedAfter = await Promise.all(stalled.map(({ closed }) => closed));
    clearInterval(sampler);
    const statuses = stalled.map(({ status }) => status());
    const refused = statuses.filter((status) => status?.startsWith('HTTP/1.1 429')).length;
    const timedOut = statuses.filter((status) => status?.startsWith('HTTP/1.1 408')).length;
    expect(refused, statuses.join('\n')).toBeGreaterThanOrEqual(240);
    expect(refused + timedOut).toBe(250);
    // Measured: +20 to +24 MB on Node 20, +30 to +34 on Node 24 with the same 16 KiB socket buffers
    // (node-server.ts), where Node's own default (64 KiB) made it +44; before issue 37, +195 MB.
    // CI at f103f9b measured +31.7 MB on Node 20 (the budget's refusals throw as the count's did):
    // the bound is Node 24's on every line, still a fifth of the 195 MB before issue 37.
    expect(peak - before).toBeLessThan(40);
    // Every connection is gone soon after the deadline (Node checks it every second).
    expect(Math.max(...closedAfter)).toBeLessThan((deadlineSeconds + 5) * 1_000);
  }, 60_000);

  it('gives a client still sending a body over 1 MiB its 413, rather than a reset', async () => {
    const { hostname, port } = new URL(server.url);
    const send = () =>
      new Promise<number | string>((resolve) => {
        const client = request({
          hostname,
          port,
          path: '/api/v1/todos',
          method: 'POST',
          headers: { 'content-type': 'application/json' },
        });
        client.on('response', (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        client.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
        // 4 MiB, handed to the socket at once: it goes on sending while the answer comes.
        client.write('{"title":"');
        for (let n = 0; n < 64; n++) client.write(Buffer.alloc(64 * 1024, 'a'));
        client.end();
      });
    // Three rounds of eight at once, within the 10 bodies one address may send at a time.
    for (let round = 0; round < 3; round++) {
      const answers = Array.from({ length: 8 }, send);
      // A busy client (a browser's main thread, a loaded machine) reads the answer late: by then
      // a server that closed at once has reset the connection, and the answer is lost with it.
      const busyUntil = Date.now() + 500;
      while (Date.now() < busyUntil);
      expect(await Promise.all(answers)).toEqual(answers.map(() => 413));
    }
  });

  it('lets a slow but steady upload take longer than BODY_TIMEOUT_SECONDS, and cuts one that stalls with 408', async () => {
    const cookie = await signUp(server.url, newAccount('Slow'));
    // 1 KiB every 250 ms: twice the deadline in all, never idle for a second.
    const steady = trickleUpload(server, cookie, (2 * deadlineSeconds * 1_000) / 250, 250);
    // The same start, then nothing.
    const stalled = trickleUpload(server, cookie, 4, 250, true);
    expect(await stalled).toBe('HTTP/1.1 408 Request Timeout');
    expect(await steady).toBe('HTTP/1.1 201 Created');
  }, 30_000);
});

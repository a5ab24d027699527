import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { serverEntry } from '../support/build';
import { openEventStream } from '../support/event-stream';
import { type StalledStream, openStalledStream } from '../support/stalled-stream';
import { type RunningServer, startProductionServer } from '../support/server';
import { sendTodo } from '../support/todo-api';

/**
 * Clients that ask for a long replay and never read it: the server must stop reading history
 * while their sockets are full, so each costs a few buffers, not the whole replay.
 */
const writes = 10_000;
/** The RSS a crowd of never-reading streams may add (issue 27). */
const rssBound = 100 * 1024 * 1024;
/** How fast `/api/v1/hello` must still answer while they are open (issue 27). */
const helloBoundMs = 50;
/** Streams per client address: within the per-address cap, so every stream is accepted. */
const streamsPerAddress = 10;

let server: RunningServer;

beforeAll(async () => {
  // Behind a trusted proxy, `X-Forwarded-For` names the client: the streams come from many addresses.
  server = await startProductionServer(serverEntry, { TRUST_PROXY: '1' });
  // 10,000 anonymous writes of the longest title, 200 characters of 3 UTF-8 bytes each: a replay of
  // 6.8 MB, more than the kernel's socket buffers take (up to 4 MB sent, 128 KiB received).
  const title = (n: number) => `${n} `.padEnd(200, '待');
  let next = 0;
  const writer = async () => {
    while (next < writes) {
      const response = await sendTodo(server.url, 'POST', '/api/v1/todos', { title: title(next++) });
      if (response.status !== 201) throw new Error(`POST /api/v1/todos answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, writer));
  // Warm-up, so RSS below counts what streams hold, not the heap growing to its working size:
  // clients that read take the same replay, four at a time, twice.
  for (let round = 0; round < 2; round += 1) {
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        const stream = await openEventStream(server.url, { headers: { 'last-event-id': '2' } });
        await stream.until('the replay', (events) => events.length >= writes - 1, 60_000);
        stream.close();
      }),
    );
  }
}, 300_000);

afterAll(() => server?.stop());

const rss = () =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.process.pid}/status`, 'utf8'))?.[1]) * 1024;

/** Opens `count` never-reading streams, 50 at a time, `streamsPerAddress` from each 127.0.0.x address. */
async function openStalledStreams(count: number): Promise<StalledStream[]> {
  const streams: StalledStream[] = [];
  for (let opened = 0; opened < count; opened += 50) {
    const batch = Array.from({ length: 50 }, (_, n) => opened + n);
    streams.push(
      ...(await Promise.all(
        batch.map((n) =>
          openStalledStream(server.url, {
            'last-event-id': '2',
            'x-forwarded-for': `127.0.0.${Math.floor(n / streamsPerAddress) + 1}`,
          }),
        ),
      )),
    );
  }
  return streams;
}

/** The server's CPU time so far, in clock ticks (user and system, /proc/<pid>/stat). */
const cpuTicks = () => {
  const fields = readFileSync(`/proc/${server.process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
};

/** Resolves once the server has used under 5% of a core for half a second: the replays stopped. */
async function untilServerIdles(): Promise<void> {
  for (let before = cpuTicks(); ;) {
    await new Promise((wait) => setTimeout(wait, 500));
    const now = cpuTicks();
    if (now - before <= 2) return;
    before = now;
  }
}

const settled = (promise: Promise<unknown>) => {
  let done = false;
  promise.finally(() => (done = true)).catch(() => undefined);
  return () => done;
};

/** The server's peak RSS, sampled every 20 ms until `done` settles; stops early once past `limit`. */
async function peakRssUntil(done: Promise<unknown>, limit: number): Promise<number> {
  const isDone = settled(done);
  let peak = rss();
  while (!isDone() && peak <= limit) {
    await new Promise((wait) => setTimeout(wait, 20));
    peak = Math.max(peak, rss());
  }
  return peak;
}

/**
 * GET /api/v1/hello timings in milliseconds, sorted: one every 20 ms (light enough for the server
 * to count as idle) until `done` settles, at least `min`.
 */
async function helloTimingsUntil(done: Promise<unknown>, min: number): Promise<number[]> {
  const isDone = settled(done);
  const timings: number[] = [];
  while (!isDone() || timings.length < min) {
    const start = performance.now();
    const response = await fetch(`${server.url}/api/v1/hello`);
    await response.arrayBuffer();
    timings.push(performance.now() - start);
    await new Promise((wait) => setTimeout(wait, 20));
  }
  return timings.sort((a, b) => a - b);
}

const percentile = (sorted: number[], p: number) => sorted[Math.ceil((p / 100) * sorted.length) - 1];
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value = 0) => `${value.toFixed(1)} ms`;

describe('GET /api/v1/todos/events, clients that never read', () => {
  it.for([100, 300])(
    'holds %i streams that each ask for a 10,000-event replay under +100 MB of RSS, and hello still answers within 50 ms',
    { timeout: 150_000 },
    async (count, { annotate }) => {
      // For comparison: hello on this server, on this machine, with no stream open.
      const idle = await helloTimingsUntil(Promise.resolve(), 100);
      const baseline = rss();
      const opened = openStalledStreams(count);
      // While the streams open and their replays run, until the server idles because every
      // socket is full: hello must not wait behind them.
      const afterwards = opened.then(untilServerIdles);
      const [streams, peak, hello] = await Promise.all([
        opened,
        peakRssUntil(afterwards, baseline + rssBound),
        helloTimingsUntil(afterwards, 100),
      ]);
      const holding = rss();
      for (const { socket } of streams) socket.destroy();

      const grown = peak - baseline;
      const figures = (timings: number[]) =>
        `p50 ${ms(percentile(timings, 50))}, p90 ${ms(percentile(timings, 90))}, max ${ms(timings.at(-1))}`;
      await annotate(
        `${count} streams: RSS ${mb(baseline)}, peak +${mb(grown)}, holding them +${mb(holding - baseline)}; ${hello.length} hellos meanwhile ` +
          `${figures(hello)} (without streams: ${figures(idle)})`,
      );
      expect(streams.map(({ status }) => status)).toEqual(Array(count).fill(200));
      expect(grown, `RSS grew by ${mb(grown)}`).toBeLessThan(rssBound);
      // Generous, on a CPU other processes share: the median of hundreds of hellos.
      expect(percentile(hello, 50)).toBeLessThan(helloBoundMs);
    },
  );
});

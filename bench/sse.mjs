// npm run bench:sse: one production server holding 1,000 open GET /api/v1/todos/events streams
// (its peak RSS), and how long one change takes to reach all of them (fan-out p50/p99/max), on
// SQLite and, when its binaries are installed, PostgreSQL. BENCH_QUICK=1: 3 changes, not 30.
import { get } from 'node:http';
import { performance } from 'node:perf_hooks';

import { postgresBinDir, startPostgres } from '../test/support/postgres.mjs';
import { appArgs, appEntry, ensureBuild, pinSelf, pinned, startServer } from './servers.mjs';

const quick = process.env.BENCH_QUICK === '1' || process.argv.includes('--quick');
const streamCount = Number(process.env.BENCH_STREAMS ?? 1_000);
const changes = quick ? 3 : 30;
/** Streams opened at a time, so the server's accept queue never overflows. */
const openBatch = 100;

/**
 * Opens one stream on its own connection; `onText` sees every chunk. Resolves once the `ready`
 * event came, so the server counts the stream as live.
 */
function openStream(url, onText) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const request = get({ hostname, port, path: '/api/v1/todos/events', agent: false }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`stream answered ${response.statusCode}`));
      response.setEncoding('utf8');
      response.on('data', (text) => {
        onText(text);
        if (text.includes('event: ready')) resolve(request);
      });
    });
    request.on('error', reject);
  });
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Opens the streams, then writes `changes` todos one after another, timing each one's arrival at every stream. */
async function measure(database, env) {
  // Every stream comes from this one address: lift the per-address cap (10 by default) to the count.
  const server = await startServer([...appArgs, appEntry], {
    ...env,
    TODO_EVENTS_MAX_STREAMS_PER_ADDRESS: String(streamCount),
  });
  try {
    let waiting = { title: '', arrived: 0, start: 0, done: () => undefined };
    const delays = [];
    const onText = (text) => {
      if (!waiting.title || !text.includes(waiting.title)) return;
      delays.push(performance.now() - waiting.start);
      waiting.arrived += 1;
      if (waiting.arrived === streamCount) waiting.done();
    };
    const requests = [];
    for (let opened = 0; opened < streamCount; opened += openBatch) {
      const batch = Math.min(openBatch, streamCount - opened);
      requests.push(
        ...(await Promise.all(Array.from({ length: batch }, () => openStream(server.url, onText)))),
      );
    }
    const rssWithStreams = server.rssMb();

    for (let n = 0; n < changes; n += 1) {
      const title = `fan-out ${n} ${crypto.randomUUID()}`;
      const arrived = new Promise(
        (done) => (waiting = { title, arrived: 0, start: performance.now(), done }),
      );
      const response = await fetch(`${server.url}/api/v1/todos`, {
        method: 'POST',
        body: JSON.stringify({ title }),
        headers: { 'content-type': 'application/json' },
      });
      if (response.status !== 201) throw new Error(`POST /api/v1/todos answered ${response.status}`);
      await arrived;
    }
    const peakRss = server.peakRssMb();
    for (const request of requests) request.destroy();

    const sorted = delays.sort((a, b) => a - b);
    return {
      database,
      streams: streamCount,
      rssWithStreams,
      peakRss,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1),
    };
  } finally {
    await server.stop();
  }
}

ensureBuild();
pinSelf();
const results = [await measure('SQLite', {})];
if (postgresBinDir()) {
  const postgres = await startPostgres();
  try {
    results.push(await measure('PostgreSQL', { DATABASE_URL: await postgres.createDatabase() }));
  } finally {
    await postgres.stop();
  }
}

const ms = (value) => `${value.toFixed(1)} ms`;
console.log(
  `\nSSE: ${streamCount} open streams on one process, ${changes} changes${pinned ? ' (server on core 1)' : ''}\n`,
);
console.log('| Database | Streams | RSS holding them | Peak RSS | Fan-out p50 | p99 | max |');
console.log('| --- | --: | --: | --: | --: | --: | --: |');
for (const row of results) {
  console.log(
    `| ${row.database} | ${row.streams} | ${row.rssWithStreams.toFixed(0)} MB | ${row.peakRss.toFixed(0)} MB | ${ms(row.p50)} | ${ms(row.p99)} | ${ms(row.max)} |`,
  );
}
console.log('\nTargets (issue 21): peak RSS under 200 MB; fan-out p99 under 250 ms.');

// npm run bench: each pattern against the same code without it, and the app's pages against a stock
// Analog app (bench/anchor), all in one run. Every row is measured once per round; each ratio is
// taken within one round, so both sides saw the same machine, and the table shows its median.
import { deriveServerFnId } from '@analogjs/vite-plugin-nitro/server-fn-id';
import autocannon from 'autocannon';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';

import {
  anchorEntry,
  appArgs,
  ensureAnchorBuild,
  ensureBuild,
  pinSelf,
  pinned,
  root,
  startServer,
} from './servers.mjs';
import { postgresBinDir, startPostgres } from '../test/support/postgres.mjs';

// `BENCH_QUICK=1` (or `-- --quick`): one round of 2 s per row, to check the bench itself.
const quick = process.env.BENCH_QUICK === '1' || process.argv.includes('--quick');
const rounds = Number(process.env.BENCH_ROUNDS ?? (quick ? 1 : 3));
const duration = Number(process.env.BENCH_DURATION ?? (quick ? 2 : 5));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Warm-up before every measurement: server-rendered pages need longer for the JIT to settle. */
const warmup = { page: Number(process.env.BENCH_PAGE_WARMUP ?? 3), other: quick ? 1 : 2 };
/** Above this share of one core, the load generator, not the server, may be the limit. */
const clientBoundCpu = 0.85;
/** Below this share of its core, a saturated server was starved by other work on the machine. */
const serverStarvedCpu = 0.8;

/** Every request says what a browser says about compression, so static files may come pre-compressed. */
const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const json = { 'content-type': 'application/json' };
/** Where Analog's build serves a server function: an opaque hash of its file and export name. */
const serverFnPath = (file, name) => `/_analog/fn/${deriveServerFnId(file, name)}`;

/**
 * Every row: which server, what request, and `page: true` for server-rendered pages. Rows are
 * measured in this order each round, so keep the two sides of a pair next to each other.
 * Add a row here, then a pair or an info line below that uses it.
 */
const allRows = [
  { id: 'app hello', server: 'app', path: '/api/v1/hello' },
  { id: 'stock hello', server: 'stock', path: '/api/v1/hello' },
  { id: 'stock validated', server: 'stock', path: '/api/v1/search?q=a', label: 'defineApiRoute' },
  { id: 'stock hand-written', server: 'stock', path: '/api/v1/search-h3?q=a', label: 'plain h3 + safeParse' },
  { id: 'stock static page', server: 'stock', path: '/', page: true, label: 'no loader' },
  { id: 'stock loader page', server: 'stock', path: '/loader', page: true, label: 'loader + fetch' },
  { id: 'app /search', server: 'app', path: '/search', page: true },
  { id: 'app /', server: 'app', path: '/', page: true, label: 'loader, cookie, fetch' },
  { id: 'plain /', server: 'plain', path: '/', page: true, label: 'SECURITY_HEADERS=off' },
  { id: 'app /cookies', server: 'app', path: '/cookies', page: true, label: 'loader reads cookies' },
  { id: 'app /todos', server: 'app', path: '/todos', page: true },
  { id: 'app /contact', server: 'app', path: '/contact', page: true },
  { id: 'app /routes', server: 'app', path: '/routes', label: 'prerendered' },
  { id: 'plain /routes', server: 'plain', path: '/routes', label: 'SECURITY_HEADERS=off' },
  { id: 'app rss', server: 'app', path: '/api/rss.xml', label: 'prerendered' },
  { id: 'app asset', server: 'app', path: '(stylesheet)', label: 'hashed client asset' },
  { id: 'app entry script', server: 'app', path: '(entry script)', label: 'hashed, 59 kB' },
  { id: 'app favicon', server: 'app', path: '/favicon.svg', label: 'public file' },
  { id: 'app validated GET', server: 'app', path: '/api/v1/search?q=a' },
  {
    id: 'app validated PUT',
    server: 'app',
    path: '/api/v1/users/1',
    method: 'PUT',
    headers: json,
    body: '{"name":"Ada"}',
    label: 'one SQL UPDATE',
  },
  { id: 'app todos', server: 'app', path: '/api/v1/todos', label: 'SQL list of 20' },
  {
    id: 'app reviews server fn',
    server: 'app',
    path: serverFnPath('src/app/reviews/reviews.server.ts', 'loadReviews'),
    label: 'server function loadReviews, 20 rows',
  },
  { id: 'app reviews API', server: 'app', path: '/api/v1/reviews', label: 'the same read, API route' },
  // The same build on PostgreSQL (DATABASE_URL), when its server binaries are on this machine.
  { id: 'pg hello', server: 'pg', path: '/api/v1/hello', label: 'PostgreSQL' },
  {
    id: 'pg validated PUT',
    server: 'pg',
    path: '/api/v1/users/1',
    method: 'PUT',
    headers: json,
    body: '{"name":"Ada"}',
    label: 'PostgreSQL',
  },
  { id: 'pg todos', server: 'pg', path: '/api/v1/todos', label: 'PostgreSQL' },
];

/** `BENCH_ONLY=hello,stock` measures only the rows whose id contains one of those words. */
const only = process.env.BENCH_ONLY?.split(',');
const withPostgres = postgresBinDir() !== undefined;
const available = allRows.filter((row) => row.server !== 'pg' || withPostgres);
const rows = only ? available.filter((row) => only.some((word) => row.id.includes(word))) : available;

/** What each ratio means: `of` measured against `to`, in the same round. */
const allPairs = [
  {
    name: 'defineApiRoute vs its hand-written twin',
    of: 'stock validated',
    to: 'stock hand-written',
    floor: 0.95,
  },
  {
    name: 'stock loader page vs the same page without a loader',
    of: 'stock loader page',
    to: 'stock static page',
  },
  {
    name: 'app hello vs stock hello (middleware + headers)',
    of: 'app hello',
    to: 'stock hello',
    floor: 0.95,
  },
  { name: '/search vs stock static page', of: 'app /search', to: 'stock static page', floor: 0.9 },
  { name: '/ vs stock loader page', of: 'app /', to: 'stock loader page', floor: 0.9 },
  {
    name: '/ with vs without its nonce, CSP and headers',
    of: 'app /',
    to: 'plain /',
    floor: 0.95,
  },
  {
    name: '/routes with vs without its hash CSP and headers',
    of: 'app /routes',
    to: 'plain /routes',
    floor: 0.95,
  },
  { name: '/cookies vs stock loader page', of: 'app /cookies', to: 'stock loader page', floor: 0.85 },
  {
    name: '/todos (query fetches the API) vs stock loader page',
    of: 'app /todos',
    to: 'stock loader page',
    floor: 0.85,
  },
  { name: '/contact vs stock static page', of: 'app /contact', to: 'stock static page', floor: 0.85 },
  { name: '/routes (prerendered) vs app hello', of: 'app /routes', to: 'app hello', floor: 1 },
  { name: '/api/rss.xml (prerendered) vs app hello', of: 'app rss', to: 'app hello', floor: 1 },
  { name: 'client stylesheet vs app hello', of: 'app asset', to: 'app hello', floor: 1 },
  { name: '/favicon.svg vs app hello', of: 'app favicon', to: 'app hello', floor: 1 },
  { name: 'entry script (59 kB) vs app hello', of: 'app entry script', to: 'app hello' },
  { name: 'validated PUT (SQLite write) vs app hello', of: 'app validated PUT', to: 'app hello', floor: 0.5 },
  { name: 'GET /api/v1/todos (SQLite list) vs app hello', of: 'app todos', to: 'app hello', floor: 0.6 },
  {
    name: 'server function GET vs the same read as an API route',
    of: 'app reviews server fn',
    to: 'app reviews API',
    floor: 0.9,
  },
  { name: 'validated PUT (PostgreSQL write) vs its hello', of: 'pg validated PUT', to: 'pg hello' },
  { name: 'GET /api/v1/todos (PostgreSQL list) vs its hello', of: 'pg todos', to: 'pg hello' },
];

const median = (values) => {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function drive(url, row, seconds) {
  return autocannon({
    url: `${url}${row.path}`,
    method: row.method ?? 'GET',
    headers: { ...browser, ...row.headers },
    body: row.body,
    connections,
    duration: seconds,
  });
}

/**
 * Warms up, then measures one row. `serverCpuUs` is the server's CPU time per request, which
 * other load on the machine disturbs less than req/s; `clientCpu` is this process's (autocannon's)
 * CPU over the measurement, as a share of one core.
 */
async function measure(server, row) {
  await drive(server.url, row, row.page ? warmup.page : warmup.other);
  const cpuBefore = process.cpuUsage();
  const serverCpuBefore = server.cpuSeconds();
  const started = performance.now();
  const result = await drive(server.url, row, duration);
  const cpu = process.cpuUsage(cpuBefore);
  return {
    reqPerSec: result.requests.average,
    serverCpuUs: ((server.cpuSeconds() - serverCpuBefore) * 1e6) / result.requests.total,
    serverCpu: (server.cpuSeconds() - serverCpuBefore) / ((performance.now() - started) / 1000),
    p50: result.latency.p50,
    p99: result.latency.p99,
    clientCpu: (cpu.user + cpu.system) / 1000 / (performance.now() - started),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** The hashed stylesheet and entry script every page loads, e.g. `/assets/index-BuGYFMyn.js`. */
async function clientAssets(url) {
  const html = await (await fetch(`${url}/routes`)).text();
  const stylesheet = /<link rel="stylesheet"[^>]* href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  const script = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!stylesheet || !script) throw new Error('No hashed stylesheet or entry script in the /routes page');
  return { stylesheet, script };
}

const cores = availableParallelism();
const loadBefore = loadavg()[0];
if (loadBefore > cores / 2) {
  console.error(
    `note  load average ${loadBefore.toFixed(1)} on ${cores} cores: other work is running, expect noisy req/s`,
  );
}
ensureBuild();
ensureAnchorBuild();
pinSelf();
/** The todo list the todos rows read: 20 todos, as a small app would show. */
async function seedTodos(url) {
  for (let n = 1; n <= 20; n += 1) {
    await fetch(`${url}/api/v1/todos`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ title: `Todo ${n}` }),
    });
  }
}

/** The reviews the server-function and API rows read: 20, through the server function that writes them. */
async function seedReviews(url) {
  for (let n = 1; n <= 20; n += 1) {
    await fetch(`${url}${serverFnPath('src/app/reviews/reviews.server.ts', 'postReview')}`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ productId: (n % 4) + 1, rating: (n % 5) + 1, body: `Review ${n}` }),
    });
  }
}

/**
 * 20 uploads of a 5 MiB image at once, to a server of their own: its peak RSS stays far below
 * 20 × 5 MiB over its idle size when each body is streamed to disk, not held in memory.
 */
async function parallelUploads() {
  const server = await startServer(appArgs);
  const png = Buffer.from('89504e470d0a1a0a', 'hex');
  const image = new Blob([png, Buffer.alloc(5 * 1024 * 1024 - png.length)], { type: 'image/png' });
  const idleRssMb = server.rssMb();
  const statuses = await Promise.all(
    Array.from({ length: 20 }, async (_, n) => {
      const form = new FormData();
      form.append('file', image, `upload-${n}.png`);
      return (await fetch(`${server.url}/api/v1/files`, { method: 'POST', body: form })).status;
    }),
  );
  const result = { idleRssMb: Math.round(idleRssMb), peakRssMb: Math.round(server.peakRssMb()), statuses };
  await server.stop();
  return result;
}

const postgres = rows.some((row) => row.server === 'pg') ? await startPostgres() : undefined;
const servers = {
  app: await startServer(appArgs),
  stock: await startServer([...appArgs.slice(0, -1), anchorEntry]),
  // The same build with its nonce, CSP and security headers switched off: what that work costs a page.
  ...(rows.some((row) => row.server === 'plain') && {
    plain: await startServer(appArgs, { SECURITY_HEADERS: 'off' }),
  }),
  ...(postgres && { pg: await startServer(appArgs, { DATABASE_URL: await postgres.createDatabase() }) }),
};
for (const server of [servers.app, servers.pg]) if (server) await seedTodos(server.url);
await seedReviews(servers.app.url);
if (!withPostgres) console.error('note  no PostgreSQL server binaries: PostgreSQL rows skipped');
const assets = await clientAssets(servers.app.url);
allRows.find((row) => row.id === 'app asset').path = assets.stylesheet;
allRows.find((row) => row.id === 'app entry script').path = assets.script;

const samples = new Map(rows.map((row) => [row.id, []]));
const pairs = allPairs.filter((pair) => samples.has(pair.of) && samples.has(pair.to));
const started = Date.now();
for (let round = 1; round <= rounds; round += 1) {
  // Every other round runs backwards, so neither side of a pair always goes first.
  for (const row of round % 2 ? rows : rows.toReversed()) {
    console.error(`round ${round}/${rounds}: ${row.id}`);
    samples.get(row.id).push(await measure(servers[row.server], row));
  }
}
const uploads = !only || only.includes('uploads') ? await parallelUploads() : undefined;
const peakRssMb = Math.round(Math.max(servers.app.peakRssMb(), servers.stock.peakRssMb()));
const appPeakRssMb = Math.round(servers.app.peakRssMb());
await Promise.all(Object.values(servers).map((server) => server.stop()));
await postgres?.stop();

const results = rows.map((row) => {
  const runs = samples.get(row.id);
  const clientCpu = Math.max(...runs.map((run) => run.clientCpu));
  return {
    ...row,
    reqPerSec: Math.round(median(runs.map((run) => run.reqPerSec))),
    serverCpuUs: Math.round(median(runs.map((run) => run.serverCpuUs))),
    serverCpu: Math.min(...runs.map((run) => run.serverCpu)),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    clientCpu,
    clientBound: clientCpu > clientBoundCpu,
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    runs,
  };
});
const ratios = pairs.map((pair) => {
  const [of, to] = [samples.get(pair.of), samples.get(pair.to)];
  const perRound = of.map((run, round) => run.reqPerSec / to[round].reqPerSec);
  const value = median(perRound);
  const cpuRatio = median(of.map((run, round) => to[round].serverCpuUs / run.serverCpuUs));
  return { ...pair, value, min: Math.min(...perRound), max: Math.max(...perRound), perRound, cpuRatio };
});

console.log(
  `\n${cores} cores, ${pinned ? 'servers pinned to core 1 and autocannon to core 0' : 'not pinned'}; ` +
    `${connections} connections, ${rounds} round(s) of ${duration} s per row after a ` +
    `${warmup.page} s (pages) or ${warmup.other} s warm-up; ${Math.round((Date.now() - started) / 1000)} s in all; ` +
    `load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after\n`,
);
console.table(
  results.map((row) => ({
    server: row.server,
    route: `${row.method ?? 'GET'} ${row.path}${row.label ? ` (${row.label})` : ''}`,
    'req/s': row.reqPerSec,
    'p50 ms': row.p50,
    'p99 ms': row.p99,
    'server µs/req': row.serverCpuUs,
    'server CPU': `${Math.round(row.serverCpu * 100)}%`,
    'client CPU': `${Math.round(row.clientCpu * 100)}%${row.clientBound ? ' client-bound' : ''}`,
    errors: row.errors,
    non2xx: row.non2xx,
  })),
);
console.table(
  ratios.map((ratio) => ({
    pair: ratio.name,
    'median ratio': ratio.value.toFixed(2),
    spread: `${ratio.min.toFixed(2)}–${ratio.max.toFixed(2)}`,
    'by CPU/req': ratio.cpuRatio.toFixed(2),
    target: ratio.floor === undefined ? 'info' : `≥ ${ratio.floor}`,
  })),
);

const checks = [
  ...ratios
    .filter((ratio) => ratio.floor !== undefined)
    .map((ratio) => ({
      name: `${ratio.name} ≥ ${ratio.floor}`,
      value: ratio.value.toFixed(2),
      pass: ratio.value >= ratio.floor,
    })),
  { name: 'peak RSS ≤ 200 MB (app)', value: `${appPeakRssMb} MB`, pass: appPeakRssMb <= 200 },
  ...(uploads
    ? [
        {
          name: '20 parallel 5 MiB uploads: all 201, peak RSS ≤ 200 MB',
          value: `${uploads.peakRssMb} MB (idle ${uploads.idleRssMb} MB)`,
          pass: uploads.peakRssMb <= 200 && uploads.statuses.every((status) => status === 201),
        },
      ]
    : []),
  {
    name: 'zero errors and non-2xx',
    value: results.reduce((sum, row) => sum + row.errors + row.non2xx, 0),
    pass: results.every((row) => row.errors === 0 && row.non2xx === 0),
  },
];
for (const check of checks) console.log(`${check.pass ? 'PASS' : 'FAIL'}  ${check.name}: ${check.value}`);
const starved = results.filter((row) => row.serverCpu < serverStarvedCpu);
if (starved.length) {
  console.log(
    `note  in ${starved.length} of ${results.length} rows the server got less than ${serverStarvedCpu * 100}% of its core ` +
      `(lowest: ${Math.round(Math.min(...starved.map((row) => row.serverCpu)) * 100)}%): other work on this machine took ` +
      'the rest, so their req/s measure the machine; the "by CPU/req" ratios are steadier',
  );
}
for (const row of results.filter((result) => result.clientBound)) {
  console.log(
    `note  ${row.id}: autocannon used ${Math.round(row.clientCpu * 100)}% of its core, so the server may be faster than this`,
  );
}

// `-- --markdown`: the two tables again, as the README shows them.
if (process.argv.includes('--markdown')) {
  const table = (header, lines) =>
    [header, header.map(() => '---'), ...lines].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
  console.log(
    `\n${table(
      ['Server', 'Route', 'req/s', 'p99 ms', 'server µs/req', 'server CPU', 'client CPU'],
      results.map((row) => [
        row.server,
        `\`${row.method ?? 'GET'} ${row.path}\`${row.label ? ` (${row.label})` : ''}`,
        row.reqPerSec,
        row.p99,
        row.serverCpuUs,
        `${Math.round(row.serverCpu * 100)}%`,
        `${Math.round(row.clientCpu * 100)}%${row.clientBound ? ' client-bound' : ''}`,
      ]),
    )}\n\n${table(
      ['Pair', 'Median ratio', 'Spread', 'By CPU/req', 'Target'],
      ratios.map((ratio) => [
        ratio.name,
        ratio.value.toFixed(2),
        `${ratio.min.toFixed(2)}–${ratio.max.toFixed(2)}`,
        ratio.cpuRatio.toFixed(2),
        ratio.floor === undefined
          ? 'info'
          : `≥ ${ratio.floor}${ratio.value >= ratio.floor ? ' met' : ' missed'}`,
      ]),
    )}`,
  );
}

const resultsDir = join(root, 'bench/results');
mkdirSync(resultsDir, { recursive: true });
const file = join(resultsDir, `bench-${new Date().toISOString().replaceAll(':', '-')}.json`);
writeFileSync(
  file,
  JSON.stringify(
    {
      cores,
      pinned,
      loadBefore,
      loadAfter: loadavg()[0],
      connections,
      rounds,
      duration,
      warmup,
      rows: results,
      ratios,
      peakRssMb,
      appPeakRssMb,
      uploads,
      checks,
    },
    null,
    2,
  ),
);
console.log(`\nResults: ${file}`);
process.exitCode = checks.every((check) => check.pass) ? 0 : 1;

// npm run bench: the app's routes against a bare h3 app and a bare node:http server, in one run.
import autocannon from 'autocannon';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

import { postgresBinDir, startPostgres } from '../e2e/support/postgres.mjs';
import { appArgs, ensureBuild, root, startServer } from './servers.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const warmup = Number(process.env.BENCH_WARMUP ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const json = { 'content-type': 'application/json' };
const appRoutes = [
  { name: 'GET /api/v1/hello', path: '/api/v1/hello' },
  { name: 'GET /api/v1/search?q=a', path: '/api/v1/search?q=a' },
  {
    name: 'PUT /api/v1/users/1',
    path: '/api/v1/users/1',
    method: 'PUT',
    headers: json,
    body: '{"name":"Ada"}',
  },
  { name: 'GET /api/v1/todos', path: '/api/v1/todos' },
  { name: 'GET /api/rss.xml', path: '/api/rss.xml' },
  { name: 'GET / (SSR + loader)', path: '/' },
  { name: 'GET /routes (prerendered)', path: '/routes' },
];

function drive(url, route, seconds) {
  return autocannon({
    url: `${url}${route.path}`,
    method: route.method ?? 'GET',
    headers: route.headers,
    body: route.body,
    connections,
    duration: seconds,
  });
}

/** Warm up, then measure one route with the same settings for every server. */
async function measure(url, route) {
  await drive(url, route, warmup);
  const result = await drive(url, route, duration);
  return {
    route: route.name,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

ensureBuild();
const rows = [];
const bareNode = await startServer([join(root, 'bench/bare-node.mjs')]);
rows.push({ server: 'node:http', ...(await measure(bareNode.url, appRoutes[0])) });
await bareNode.stop();
const bareH3 = await startServer([join(root, 'bench/bare-h3.mjs')]);
rows.push({ server: 'bare h3', ...(await measure(bareH3.url, appRoutes[0])) });
rows.push({ server: 'bare h3', ...(await measure(bareH3.url, appRoutes[2])) });
await bareH3.stop();
/** The todo list the GET /api/v1/todos row reads: 20 todos, as a small app would show. */
async function seedTodos(url) {
  for (let n = 1; n <= 20; n += 1) {
    await fetch(`${url}/api/v1/todos`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ title: `Todo ${n}` }),
    });
  }
}

const app = await startServer(appArgs);
await seedTodos(app.url);
for (const route of appRoutes) rows.push({ server: 'app', ...(await measure(app.url, route)) });
const peakRssMb = Math.round(app.peakRssMb());
await app.stop();

// The data routes again with the same build on PostgreSQL (DATABASE_URL), when it can be started here.
const dataRoutes = appRoutes.filter(({ name }) => /users|todos/.test(name));
if (postgresBinDir()) {
  const postgres = await startPostgres();
  const onPostgres = await startServer(appArgs, { DATABASE_URL: await postgres.createDatabase() });
  await seedTodos(onPostgres.url);
  for (const route of [appRoutes[0], ...dataRoutes]) {
    rows.push({ server: 'app (PostgreSQL)', ...(await measure(onPostgres.url, route)) });
  }
  await onPostgres.stop();
  await postgres.stop();
} else {
  console.log('info  no PostgreSQL server binaries: PostgreSQL rows skipped');
}

const rate = (server, name) => rows.find((row) => row.server === server && row.route === name).reqPerSec;
const [nodeRow, h3Row] = rows;
const helloRow = rows.find((row) => row.server === 'app');
console.log(
  `\n${availableParallelism()} cores, ${connections} connections, ${warmup} s warm-up + ${duration} s per route\n`,
);
console.table(
  rows.map((row) => ({
    server: row.server,
    route: row.route,
    'req/s': row.reqPerSec,
    'p50 ms': row.p50,
    'p99 ms': row.p99,
    errors: row.errors,
    non2xx: row.non2xx,
    'vs bare h3': (row.reqPerSec / h3Row.reqPerSec).toFixed(2),
    'vs node:http': (row.reqPerSec / nodeRow.reqPerSec).toFixed(2),
  })),
);

const targets = [
  ['validated GET ≥ 0.85× plain hello', rate('app', 'GET /api/v1/search?q=a') / helloRow.reqPerSec, 0.85],
  ['validated PUT ≥ 0.70× plain hello', rate('app', 'PUT /api/v1/users/1') / helloRow.reqPerSec, 0.7],
  [
    'GET /api/v1/todos (SQL list) ≥ 0.60× plain hello',
    rate('app', 'GET /api/v1/todos') / helloRow.reqPerSec,
    0.6,
  ],
  ['plain hello ≥ 0.55× bare h3', helloRow.reqPerSec / h3Row.reqPerSec, 0.55],
];
const checks = [
  ...targets.map(([name, ratio, floor]) => ({ name, value: ratio.toFixed(2), pass: ratio >= floor })),
  { name: 'peak RSS ≤ 200 MB', value: `${peakRssMb} MB`, pass: peakRssMb <= 200 },
  {
    name: 'zero errors and non-2xx',
    value: rows.reduce((sum, row) => sum + row.errors + row.non2xx, 0),
    pass: rows.every((row) => row.errors === 0 && row.non2xx === 0),
  },
];
for (const check of checks) console.log(`${check.pass ? 'PASS' : 'FAIL'}  ${check.name}: ${check.value}`);
if (rows.some((row) => row.server === 'app (PostgreSQL)')) {
  const helloOnPostgres = rate('app (PostgreSQL)', 'GET /api/v1/hello');
  for (const { name } of dataRoutes) {
    const ratio = rate('app (PostgreSQL)', name) / helloOnPostgres;
    console.log(`info  on PostgreSQL, ${name}: ${ratio.toFixed(2)}× the same server's hello`);
  }
}
const bodyFloor = rate('bare h3', 'PUT /api/v1/users/1') / h3Row.reqPerSec;
console.log(`info  bare h3 reading a JSON body: ${bodyFloor.toFixed(2)}× bare h3 hello`);

const resultsDir = join(root, 'bench/results');
mkdirSync(resultsDir, { recursive: true });
const file = join(resultsDir, `bench-${new Date().toISOString().replaceAll(':', '-')}.json`);
writeFileSync(
  file,
  JSON.stringify(
    { cores: availableParallelism(), connections, duration, warmup, rows, peakRssMb, checks, bodyFloor },
    null,
    2,
  ),
);
console.log(`\nResults: ${file}`);
process.exitCode = checks.every((check) => check.pass) ? 0 : 1;

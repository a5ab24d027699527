// npm run bench: each pattern against the same code without it, and the app's pages against a stock
// Analog app (bench/anchor), all in one run. Every row is measured once per round; each ratio is
// taken within one round, so both sides saw the same machine, and the table shows its median.
import { deriveServerFnId } from '@analogjs/vite-plugin-nitro/server-fn-id';
import autocannon from 'autocannon';
import { execFile, execFileSync } from 'node:child_process';
import { createJiti } from 'jiti';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

import {
  anchorEntry,
  appArgs,
  benchAccount,
  ensureAnchorBuild,
  ensureBuild,
  ensureHeadersAnchorBuild,
  ensurePlainBuild,
  headersAnchorEntry,
  pinSelf,
  pinned,
  plainEntry,
  root,
  signUpBenchAccount,
  startServer,
} from './servers.mjs';
import { buildForLine, nodeLine } from './node-line.mjs';
import { postgresBinDir, startPostgres } from '../test/support/postgres.mjs';

const execFileAsync = promisify(execFile);

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
 * The validated PUT renames one of this many users, a different one each request: writes
 * spread over rows, as an app's are. (On one hot row both the app and pgbench serialise on its lock.)
 */
/** The Node.js LTS line measured beside this one (issue 22): the official build from the npm registry. */
const node24 = '24.21.0';
const spreadRows = 200;
const rename = {
  path: '/api/v1/users/:id',
  method: 'PUT',
  headers: json,
  body: '{"name":"Ada"}',
  spread: spreadRows,
};

/** pgbench's script for the PUT's two statements; `sid` and `now` are filled in once the bench account signed up. */
const sessionAndUpdate = {
  server: 'pgbench',
  script:
    `\\set id random(1, ${spreadRows})\n` +
    'SELECT users.id, users.name, users.email FROM sessions JOIN users ON users.id = sessions.user_id ' +
    'WHERE sessions.id = :sid AND sessions.expires_at > :now AND users.email IS NOT NULL;\n' +
    'UPDATE users SET name = :name WHERE id = :id RETURNING id, name;\n',
  variables: { name: 'Ada' },
};

/**
 * Every row: which server, what request, and `page: true` for server-rendered pages. Rows are
 * measured in this order each round, so keep the two sides of a pair next to each other.
 * Add a row here, then a pair or an info line below that uses it.
 */
const allRows = [
  // Its `cookie` header is a session of the account signed up below.
  { id: 'app me', server: 'app', path: '/api/v1/me', label: 'session + SQL read' },
  // The tuning recipes (docs/tuning.md), each against the same build with only that one switched off.
  { id: 'noseal me', server: 'noseal', path: '/api/v1/me', label: 'SEAL_CACHE=false: every cookie unsealed' },
  // A/A: the same build started twice. Its ratio is the bench's own noise; outside 0.95–1.05
  // the run is marked unreliable.
  { id: 'app hello', server: 'app', path: '/api/v1/hello' },
  { id: 'twin hello', server: 'twin', path: '/api/v1/hello', label: 'the same build, started again' },
  { id: 'stock hello', server: 'stock', path: '/api/v1/hello' },
  // Stock with the app's security headers the way a user sets them first: Nitro's route rules.
  {
    id: 'stockhdr hello',
    server: 'stockHeaders',
    path: '/api/v1/hello',
    label: 'the same headers as route rules',
  },
  // The app's build started without `--no-allocation-site-pretenuring` (docs/performance.md).
  {
    id: 'pretenure hello',
    server: 'pretenure',
    path: '/api/v1/hello',
    label: "V8's allocation-site pretenuring on",
  },
  { id: 'plain hello', server: 'plain', path: '/api/v1/hello', label: 'security module left out' },
  // The same build with the request log's lines off: what one JSON line per request costs.
  { id: 'quiet hello', server: 'quiet', path: '/api/v1/hello', label: 'LOG_LEVEL=silent: no log line' },
  { id: 'stock validated', server: 'stock', path: '/api/v1/search?q=a', label: 'defineApiRoute' },
  { id: 'stock hand-written', server: 'stock', path: '/api/v1/search-h3?q=a', label: 'plain h3 + safeParse' },
  // Pages run on servers of their own, so the API rows' heap and JIT state never reach them;
  // `pages` renders every request (PAGE_CACHE=false), `cached` keeps its pages in memory.
  { id: 'stock static page', server: 'stockPages', path: '/', page: true, label: 'no loader' },
  { id: 'stock loader page', server: 'stockPages', path: '/loader', page: true, label: 'loader + fetch' },
  { id: 'app /search', server: 'pages', path: '/search', page: true },
  { id: 'app /', server: 'pages', path: '/', page: true, label: 'loader, cookie, fetch' },
  { id: 'plain /', server: 'plain', path: '/', page: true, label: 'security module left out' },
  { id: 'app /cookies', server: 'pages', path: '/cookies', page: true, label: 'loader reads cookies' },
  {
    id: 'stock /app-cookies',
    server: 'stockPages',
    path: '/app-cookies',
    page: true,
    label: "the app's /cookies and shell, built the stock way",
  },
  { id: 'app /todos', server: 'pages', path: '/todos', page: true },
  { id: 'app /contact', server: 'pages', path: '/contact', page: true },
  // The same pages served from the page cache (src/server/lib/page-cache/page-cache.ts), a fresh nonce each.
  { id: 'cached /search', server: 'cached', path: '/search', page: true, label: 'page cache' },
  { id: 'cached /todos', server: 'cached', path: '/todos', page: true, label: 'page cache' },
  { id: 'cached /contact', server: 'cached', path: '/contact', page: true, label: 'page cache' },
  { id: 'app /routes', server: 'app', path: '/routes', label: 'prerendered' },
  { id: 'plain /routes', server: 'plain', path: '/routes', label: 'security module left out' },
  {
    id: 'stockhdr /routes',
    server: 'stockHeaders',
    path: '/routes',
    label: "the app's prerendered file, its headers as route rules",
  },
  { id: 'app rss', server: 'app', path: '/api/rss.xml', label: 'prerendered' },
  { id: 'app asset', server: 'app', path: '(stylesheet)', label: 'hashed client asset' },
  { id: 'app entry script', server: 'app', path: '(entry script)', label: 'hashed, 59 kB' },
  { id: 'app favicon', server: 'app', path: '/favicon.svg', label: 'public file' },
  // The product page's og:image (read below): the prerendered PNG, then the route's cached render
  // of the same product, under `/products/0N/`, a path the static layer doesn't hold.
  { id: 'app og image', server: 'app', path: '(og:image)', label: 'prerendered PNG, 23 kB' },
  { id: 'app og route', server: 'app', path: '(og route)', label: 'the route, render cached' },
  { id: 'app validated GET', server: 'app', path: '/api/v1/search?q=a' },
  {
    ...rename,
    id: 'app validated PUT',
    server: 'app',
    label: `admin's session read + one SQL UPDATE over ${spreadRows} rows`,
  },
  {
    ...rename,
    id: 'nostmt validated PUT',
    server: 'nostmt',
    label: 'STATEMENT_CACHE=false: every statement compiled',
  },
  // The one-query anchor of the database rows: one indexed SELECT, a small object.
  { id: 'app todos version', server: 'app', path: '/api/v1/todos/version', label: 'one indexed SELECT' },
  { id: 'app todos', server: 'app', path: '/api/v1/todos?limit=20', label: 'keyset page of 20' },
  // `If-None-Match` is the page's current ETag, read after seeding (`conditional` below).
  { id: 'app todos 304', server: 'app', path: '/api/v1/todos?limit=20', status: 304, label: 'If-None-Match' },
  { id: 'app summary', server: 'app', path: '/api/v1/todos/summary', label: 'cached handler, hit' },
  {
    id: 'app sign-in',
    server: 'app',
    path: '/api/v1/auth/sign-in',
    method: 'POST',
    headers: json,
    body: JSON.stringify(benchAccount),
    // A success counts out of the limit (5) only once its hash is done, and the attempts the warm-up
    // leaves in flight still count while the measurement starts: 2 + 2 stays under the limit, where
    // 4 + 4 went over it and every later attempt was a 429 for the rest of the 15-minute window.
    connections: 2,
    label: 'scrypt + rate limit',
  },
  {
    id: 'app reviews server fn',
    server: 'app',
    path: serverFnPath('src/app/reviews/reviews.server.ts', 'loadReviews'),
    label: 'server function loadReviews, 20 rows',
  },
  { id: 'app reviews API', server: 'app', path: '/api/v1/reviews', label: 'the same read, API route' },
  // The same build on PostgreSQL (DATABASE_URL), when its server binaries are on this machine,
  // and pgbench sending the same statements to the same PostgreSQL server.
  { id: 'pg hello', server: 'pg', path: '/api/v1/hello', label: 'PostgreSQL' },
  { ...rename, id: 'pg validated PUT', server: 'pg', label: `PostgreSQL, ${spreadRows} rows` },
  {
    ...rename,
    id: 'pg validated PUT 10',
    server: 'pg',
    connections: 10,
    label: 'PostgreSQL, 10 connections',
  },
  {
    ...rename,
    id: 'pgunnamed validated PUT',
    server: 'pgunnamed',
    label: 'NAMED_STATEMENTS=false: every statement parsed',
  },
  {
    id: 'pgbench UPDATE',
    server: 'pgbench',
    // The PUT's statement with both values as parameters, as the app's pool sends it (`--define`).
    script: `\\set id random(1, ${spreadRows})\nUPDATE users SET name = :name WHERE id = :id RETURNING id, name;\n`,
    variables: { name: 'Ada' },
    label: "the PUT's statement",
  },
  // What the PUT sends since only an account's owner or an admin may rename it: the guard's read of
  // its session (`sid` is the bench account's, read after sign-up below), then the UPDATE.
  { ...sessionAndUpdate, id: 'pgbench session + UPDATE', label: "the PUT's two statements" },
  {
    ...sessionAndUpdate,
    id: 'pgbench session + UPDATE 10',
    connections: 10,
    label: "the PUT's two statements, 10 clients",
  },
  {
    id: 'pgbench UPDATE 10',
    server: 'pgbench',
    script: `\\set id random(1, ${spreadRows})\nUPDATE users SET name = :name WHERE id = :id RETURNING id, name;\n`,
    variables: { name: 'Ada' },
    connections: 10,
    label: "the PUT's statement, 10 clients",
  },
  { id: 'pg todos', server: 'pg', path: '/api/v1/todos?limit=20', label: 'PostgreSQL' },
  // The same build on Node 24 LTS (bench/node-line.mjs), beside the rows above on this Node.
  { id: 'node24 hello', server: 'node24', path: '/api/v1/hello', label: `Node ${node24}` },
  { ...rename, id: 'node24 validated PUT', server: 'node24', label: `Node ${node24}` },
  { id: 'node24 /search', server: 'node24Pages', path: '/search', page: true, label: `Node ${node24}` },
  {
    id: 'pgbench SELECT',
    server: 'pgbench',
    script:
      'SELECT id, title, done, created_at AS "createdAt" FROM todos WHERE done = COALESCE(NULL, done) ' +
      'ORDER BY created_at DESC, id DESC LIMIT 21;\n',
    label: "the first page's statement",
  },
];

/** `BENCH_ONLY=hello,stock` measures only the rows whose id contains one of those words. */
const only = process.env.BENCH_ONLY?.split(',');
const withPostgres = postgresBinDir() !== undefined;
const needsPostgres = (row) => ['pg', 'pgunnamed', 'pgbench'].includes(row.server);
const available = allRows.filter((row) => withPostgres || !needsPostgres(row));
const rows = only ? available.filter((row) => only.some((word) => row.id.includes(word))) : available;

/** What each ratio means: `of` measured against `to`, in the same round. */
const allPairs = [
  // Information: what the newer line buys, the same build and requests on both.
  { name: `hello: Node ${node24} vs ${process.version}`, of: 'node24 hello', to: 'app hello' },
  {
    name: `validated PUT: Node ${node24} vs ${process.version}`,
    of: 'node24 validated PUT',
    to: 'app validated PUT',
  },
  { name: `/search rendered: Node ${node24} vs ${process.version}`, of: 'node24 /search', to: 'app /search' },
  { name: 'A/A: app hello vs the same build started again', of: 'app hello', to: 'twin hello', aa: true },
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
  // Issue 38: the app's production features (log line on) cost little over stock with the same headers.
  {
    name: 'app hello vs stock hello with the same headers as route rules',
    of: 'app hello',
    to: 'stockhdr hello',
    floor: 0.85,
  },
  { name: 'app hello vs stock hello (middleware + headers)', of: 'app hello', to: 'stock hello', by: 'cpu' },
  {
    name: 'stock hello with vs without the headers as route rules',
    of: 'stockhdr hello',
    to: 'stock hello',
    by: 'cpu',
  },
  {
    name: 'app hello vs the same build with V8 allocation-site pretenuring on',
    of: 'app hello',
    to: 'pretenure hello',
    by: 'cpu',
  },
  // Information: the request log's line (pino, to a pipe), per request.
  {
    name: 'app hello vs the same build with LOG_LEVEL=silent (the request log line)',
    of: 'app hello',
    to: 'quiet hello',
    by: 'cpu',
  },
  // Information: the hello pair above split in two, the security module and the app's own middleware.
  {
    name: 'app hello vs the same build without the security module',
    of: 'app hello',
    to: 'plain hello',
    by: 'cpu',
  },
  {
    name: "plain hello vs stock hello (the app's own middleware)",
    of: 'plain hello',
    to: 'stock hello',
    by: 'cpu',
  },
  // Issue 23: uncached /search and / at 0.6× stock's one-line pages at least; they render more.
  { name: '/search vs stock static page', of: 'app /search', to: 'stock static page', floor: 0.6 },
  { name: '/ vs stock loader page', of: 'app /', to: 'stock loader page', floor: 0.6 },
  {
    name: '/ with vs without its nonce, CSP and headers',
    of: 'app /',
    to: 'plain /',
    floor: 0.95,
  },
  {
    name: '/routes vs the same file with the same headers as route rules',
    of: 'app /routes',
    to: 'stockhdr /routes',
    floor: 0.95,
  },
  { name: '/routes with vs without its hash CSP and headers', of: 'app /routes', to: 'plain /routes' },
  {
    name: '/cookies vs the same page and shell built the stock way',
    of: 'app /cookies',
    to: 'stock /app-cookies',
    floor: 0.9,
  },
  // Information: each page against stock's, which renders far less.
  { name: '/cookies vs stock loader page', of: 'app /cookies', to: 'stock loader page' },
  {
    name: '/todos (query fetches the API) vs stock loader page',
    of: 'app /todos',
    to: 'stock loader page',
  },
  { name: '/contact vs stock static page', of: 'app /contact', to: 'stock static page' },
  { name: 'cached /search vs the same page rendered', of: 'cached /search', to: 'app /search', floor: 10 },
  { name: 'cached /todos vs the same page rendered', of: 'cached /todos', to: 'app /todos', floor: 10 },
  { name: 'cached /contact vs the same page rendered', of: 'cached /contact', to: 'app /contact', floor: 10 },
  { name: 'cached /search vs app hello', of: 'cached /search', to: 'app hello', floor: 0.7 },
  { name: 'cached /todos vs app hello', of: 'cached /todos', to: 'app hello', floor: 0.7 },
  { name: '/routes (prerendered) vs app hello', of: 'app /routes', to: 'app hello', floor: 0.85 },
  { name: '/api/rss.xml (prerendered) vs app hello', of: 'app rss', to: 'app hello', floor: 1 },
  { name: 'client stylesheet vs app hello', of: 'app asset', to: 'app hello', floor: 1 },
  { name: '/favicon.svg vs app hello', of: 'app favicon', to: 'app hello', floor: 1 },
  { name: 'entry script (59 kB) vs app hello', of: 'app entry script', to: 'app hello' },
  { name: 'og:image (prerendered) vs app hello', of: 'app og image', to: 'app hello' },
  { name: 'og:image from the route (cached render) vs app hello', of: 'app og route', to: 'app hello' },
  { name: 'validated PUT (SQLite write) vs app hello', of: 'app validated PUT', to: 'app hello', floor: 0.5 },
  // Issue 31: the database rows against a route that runs one indexed SELECT, on the same server.
  { name: 'one-query route (SQLite) vs app hello', of: 'app todos version', to: 'app hello' },
  { name: 'todos page of 20 vs the one-query route', of: 'app todos', to: 'app todos version', floor: 0.4 },
  {
    name: '304 of that page vs the one-query route',
    of: 'app todos 304',
    to: 'app todos version',
    floor: 0.75,
  },
  {
    name: 'cached summary (hit) vs the one-query route',
    of: 'app summary',
    to: 'app todos version',
    floor: 0.7,
  },
  { name: 'GET /api/v1/me (valid session) vs app hello', of: 'app me', to: 'app hello', floor: 0.6 },
  // Information: what each tuning recipe buys (docs/tuning.md), the same build with it switched off.
  { name: 'GET /api/v1/me: seal cache vs without', of: 'app me', to: 'noseal me', by: 'cpu' },
  {
    name: 'validated PUT (SQLite): statement cache vs without',
    of: 'app validated PUT',
    to: 'nostmt validated PUT',
    by: 'cpu',
  },
  {
    name: 'validated PUT (PostgreSQL): named statements vs without',
    of: 'pg validated PUT',
    to: 'pgunnamed validated PUT',
    by: 'cpu',
  },
  {
    name: 'server function GET vs the same read as an API route',
    of: 'app reviews server fn',
    to: 'app reviews API',
    floor: 0.85,
  },
  { name: 'validated PUT (PostgreSQL write) vs its hello', of: 'pg validated PUT', to: 'pg hello' },
  {
    name: 'validated PUT (PostgreSQL) vs pgbench sending its two statements, same server',
    of: 'pg validated PUT',
    to: 'pgbench session + UPDATE',
    floor: 0.5,
  },
  {
    name: 'validated PUT (PostgreSQL) vs pgbench sending its two statements, 10 clients each',
    of: 'pg validated PUT 10',
    to: 'pgbench session + UPDATE 10',
    floor: 0.5,
  },
  // Information: against the UPDATE alone, the PUT's only statement before its guard read the session.
  {
    name: 'validated PUT (PostgreSQL) vs pgbench, the UPDATE alone',
    of: 'pg validated PUT',
    to: 'pgbench UPDATE',
  },
  {
    name: 'validated PUT (PostgreSQL) vs pgbench, the UPDATE alone, 10 clients each',
    of: 'pg validated PUT 10',
    to: 'pgbench UPDATE 10',
  },
  { name: 'GET /api/v1/todos (PostgreSQL list) vs its hello', of: 'pg todos', to: 'pg hello' },
  {
    name: 'GET /api/v1/todos: PostgreSQL list vs SQLite list',
    of: 'pg todos',
    to: 'app todos',
    floor: 0.8,
  },
  { name: 'GET /api/v1/todos (PostgreSQL) vs pgbench SELECT', of: 'pg todos', to: 'pgbench SELECT' },
];

/** The median of the finite values; NaN when there are none. */
const median = (values) => {
  const sorted = values.filter(Number.isFinite).toSorted((a, b) => a - b);
  if (!sorted.length) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** A row with `spread` asks for `:id` 1 to `spread` in turn, so writes land on different rows. */
function drive(url, row, seconds) {
  let next = 0;
  const spread = row.spread && {
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          path: row.path.replace(':id', String((next++ % row.spread) + 1)),
        }),
      },
    ],
  };
  return autocannon({
    url: `${url}${row.path}`,
    method: row.method ?? 'GET',
    headers: { ...browser, ...row.headers },
    body: row.body,
    connections: row.connections ?? connections,
    duration: seconds,
    ...spread,
  });
}

/**
 * Warms up, then measures one row. `serverCpuUs` is the server's CPU time per request, which
 * other load on the machine disturbs less than req/s; `clientCpu` is this process's (autocannon's)
 * CPU over the measurement, as a share of one core.
 */
async function measure(server, row) {
  if (row.server === 'pgbench') return pgbench(server, row);
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
    // A row that expects 304 counts every other answer instead.
    non2xx: row.status === 304 ? result.non2xx - result['3xx'] + result['2xx'] : result.non2xx,
    statuses: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count]),
    ),
  };
}

/**
 * PostgreSQL's own load generator on the app's PostgreSQL database: as many clients as autocannon
 * has connections, prepared statements as the app's pool sends them, on the load generator's core.
 * Its "req/s" is pgbench's TPS; there is no app server, so no server CPU.
 */
async function pgbench(database, row) {
  const script = join(mkdtempSync(join(tmpdir(), 'pgbench-')), 'script.sql');
  writeFileSync(script, row.script);
  const run = async (seconds) => {
    const variables = Object.entries(row.variables ?? {}).map(([name, value]) => `--define=${name}=${value}`);
    const clients = String(row.connections ?? connections);
    const args = ['-n', '-M', 'prepared', '-c', clients, '-j', '1', '-T', String(seconds)];
    const command = [join(postgresBinDir(), 'pgbench'), ...args, ...variables, '-f', script, database.url];
    const { stdout } = await execFileAsync(
      pinned ? 'taskset' : command[0],
      pinned ? ['-c', '0', ...command] : command.slice(1),
    );
    return stdout;
  };
  await run(row.page ? warmup.page : warmup.other);
  const output = await run(duration);
  const number = (pattern) => Number(pattern.exec(output)?.[1] ?? NaN);
  const failed = number(/number of failed transactions: (\d+)/);
  return {
    reqPerSec: number(/tps = ([\d.]+)/),
    serverCpuUs: NaN,
    serverCpu: NaN,
    p50: NaN,
    p99: NaN,
    clientCpu: NaN,
    errors: Number.isNaN(failed) ? 0 : failed,
    non2xx: 0,
    statuses: {},
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
if (rows.some((row) => row.server === 'stockHeaders')) ensureHeadersAnchorBuild();
if (rows.some((row) => row.server === 'plain')) ensurePlainBuild();
pinSelf();
/** The todos the todos rows read: a page of 20, as a small app would show, and a next page. */
async function seedTodos(url) {
  for (let n = 1; n <= 25; n += 1) {
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

/** CPU time of one password check (lib/auth/passwords.ts), in this process: what a sign-in cannot cost less than. */
async function hashCpuUs(count = 20) {
  const { hashPassword, verifyPassword } = await createJiti(import.meta.url).import(
    '../src/server/lib/auth/passwords.ts',
  );
  const stored = await hashPassword(benchAccount.password);
  const before = process.cpuUsage();
  for (let n = 0; n < count; n += 1) await verifyPassword(benchAccount.password, stored);
  const cpu = process.cpuUsage(before);
  return (cpu.user + cpu.system) / count;
}
const hashUs = rows.some((row) => row.id === 'app sign-in') ? Math.round(await hashCpuUs()) : undefined;

/** Users up to id `spreadRows` (the migration made three, the bench account one), for the PUT rows to rename. */
async function seedUsers(url, cookie) {
  for (let n = 5; n <= spreadRows; n += 1) {
    await fetch(`${url}/api/v1/users`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ name: `User ${n}` }),
    });
  }
}

/**
 * 20 uploads of a 5 MiB image at once, to a server of their own: its peak RSS stays far below
 * 20 × 5 MiB over its idle size when each body is streamed to disk, not held in memory.
 */
async function parallelUploads() {
  // Uploads belong to a signed-in account; its quota is raised so all 20 are stored, and so is its share
  // of the temporary files' budget (10 MiB by default, docs/security.md): all 20 are being written at once.
  const server = await startServer(appArgs, {
    UPLOADS_MAX_FILES: '100',
    UPLOADS_MAX_BYTES: String(200 * 1024 * 1024),
    BUDGET_TEMP_FILE_BYTES_PER_CALLER: String(200 * 1024 * 1024),
  });
  const cookie = await signUpBenchAccount(server.url);
  const png = Buffer.from('89504e470d0a1a0a', 'hex');
  const image = new Blob([png, Buffer.alloc(5 * 1024 * 1024 - png.length)], { type: 'image/png' });
  const idleRssMb = server.rssMb();
  const statuses = await Promise.all(
    Array.from({ length: 20 }, async (_, n) => {
      const form = new FormData();
      form.append('file', image, `upload-${n}.png`);
      return (await fetch(`${server.url}/api/v1/files`, { method: 'POST', headers: { cookie }, body: form }))
        .status;
    }),
  );
  const result = { idleRssMb: Math.round(idleRssMb), peakRssMb: Math.round(server.peakRssMb()), statuses };
  await server.stop();
  return result;
}

/** Sends one GET and resolves with the ms until the first body byte and until the last. */
function timeToBytes(url, headers) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    let first;
    get(url, { headers }, (response) => {
      response.once('data', () => (first = performance.now() - start));
      response.on('end', () => resolve({ first, last: performance.now() - start }));
      response.resume();
    }).on('error', reject);
  });
}

/**
 * Time to first byte of the streamed /dashboard (docs/streaming.md), whose loader waits 300 ms,
 * against the same page rendered buffered: a crawler's user agent gets `renderStream`'s buffered
 * render, which sends nothing before the whole page. Sequential requests to a server of their own.
 */
async function streamingTtfb(count = quick ? 20 : 60) {
  const server = await startServer(appArgs);
  const browserAgent = {
    ...browser,
    'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
  };
  const crawler = { ...browser, 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' };
  const sides = { streamed: [], buffered: [] };
  for (let n = 0; n < count; n += 1) {
    sides.streamed.push(await timeToBytes(`${server.url}/dashboard`, browserAgent));
    sides.buffered.push(await timeToBytes(`${server.url}/dashboard`, crawler));
  }
  await server.stop();
  const summary = (times) => {
    const sorted = times.toSorted((a, b) => a - b);
    const at = (p) => Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]);
    return { p50: at(0.5), p99: at(0.99) };
  };
  return Object.fromEntries(
    Object.entries(sides).map(([side, runs]) => [
      side,
      { ttfb: summary(runs.map((run) => run.first)), complete: summary(runs.map((run) => run.last)) },
    ]),
  );
}

/**
 * What db0 adds to the one-query route's SELECT, in this process: `db.sql` through db0's
 * better-sqlite3 connector with the app's statement cache (lib/statement-cache), as the route
 * runs it, against a raw better-sqlite3 prepared statement called in the same place, on one file.
 * µs per call, the median of 5 runs of 20,000 calls each.
 */
async function db0VersusRaw(calls = 20_000) {
  const { createDatabase } = await import('db0');
  const { default: sqlite } = await import('db0/connectors/better-sqlite3');
  const { default: Database } = await import('better-sqlite3');
  const { reuseStatements } = await createJiti(import.meta.url).import(
    '../src/server/lib/statement-cache/statement-cache.ts',
  );
  const path = join(mkdtempSync(join(tmpdir(), 'db0-')), 'bench.sqlite');
  const raw = new Database(path);
  raw.exec(
    "CREATE TABLE data_versions (name TEXT PRIMARY KEY, version INTEGER NOT NULL); INSERT INTO data_versions VALUES ('todos', 1)",
  );
  const statement = raw.prepare('SELECT version FROM data_versions WHERE name = ?');
  const db = createDatabase(reuseStatements(sqlite({ path })));
  const perCall = async (call) => {
    const start = performance.now();
    for (let n = 0; n < calls; n += 1) await call();
    return ((performance.now() - start) * 1000) / calls;
  };
  const runs = { db0: [], raw: [] };
  for (let round = 0; round < 5; round += 1) {
    runs.db0.push(await perCall(() => db.sql`SELECT version FROM data_versions WHERE name = ${'todos'}`));
    runs.raw.push(await perCall(() => statement.get('todos')));
  }
  await db.dispose();
  raw.close();
  const round2 = (value) => Math.round(value * 100) / 100;
  return { db0: round2(median(runs.db0)), raw: round2(median(runs.raw)) };
}

/**
 * Peak resident memory (VmHWM) under the same page load, the app's page server against stock's:
 * each on a fresh server, 50 connections on a page with a loader that fetches (the app's `/`,
 * uncached, and stock's `/loader`) for 10 s, on this Node and on Node 24, with and without the
 * `MALLOC_MMAP_THRESHOLD_` that `npm start` sets. Sequential, so no server shares the core.
 */
async function pageMemory() {
  const node24Dir = nodeLine(node24);
  const lines = [
    { node: process.version, bin: process.execPath, app: appArgs },
    {
      node: `v${node24}`,
      bin: join(node24Dir, 'bin/node'),
      app: [...appArgs.slice(0, -1), buildForLine(node24Dir)],
    },
  ];
  const measurements = [];
  for (const line of lines) {
    for (const threshold of [true, false]) {
      const env = threshold ? {} : { MALLOC_MMAP_THRESHOLD_: undefined };
      const peak = {};
      for (const [side, args, path, extra] of [
        ['app', line.app, '/', { PAGE_CACHE: 'false' }],
        ['stock', [...appArgs.slice(0, -1), anchorEntry], '/loader', {}],
      ]) {
        const server = await startServer(args, { ...env, ...extra }, line.bin);
        await autocannon({
          url: `${server.url}${path}`,
          headers: browser,
          connections,
          duration: quick ? 3 : 10,
        });
        peak[side] = Math.round(server.peakRssMb());
        await server.stop();
      }
      measurements.push({ node: line.node, threshold, ...peak, ratio: peak.app / peak.stock });
    }
  }
  return measurements;
}

/**
 * Each product's Open Graph image through the route on a fresh server, in ms: the first request
 * renders it (satori + sharp), the second is the cached render. `/products/0N/` is product N
 * under a path the static layer doesn't hold, so the route answers.
 */
async function ogImageRenders() {
  const server = await startServer(appArgs);
  const products = await (await fetch(`${server.url}/api/v1/products`)).json();
  const timed = async (path) => {
    const start = performance.now();
    const response = await fetch(`${server.url}${path}`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    return Math.round((performance.now() - start) * 10) / 10;
  };
  const renders = [];
  for (const { id } of products) {
    const path = `/api/v1/products/0${id}/og.png`;
    renders.push({ id, first: await timed(path), hit: await timed(path) });
  }
  await server.stop();
  return renders;
}

/** The path of the og:image that /products/1 links, e.g. `/api/v1/products/1/og.png?v=…`. */
async function linkedOgImage(url) {
  const html = await (await fetch(`${url}/products/1`)).text();
  const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
  if (!image) throw new Error('No og:image on /products/1');
  const { pathname, search } = new URL(image);
  return `${pathname}${search}`;
}

const uses = (server) => rows.some((row) => row.server === server);
/** The app's build, its native addon compiled for Node 24, started by Node 24. */
const startNode24 = (env = {}, options = {}) => {
  const dir = nodeLine(node24);
  return startServer([...appArgs.slice(0, -1), buildForLine(dir)], env, join(dir, 'bin/node'), options);
};
/** The servers whose bench account is their admin (`accountServers` below): the account exists before they start. */
const withAdmin = { withAdmin: true };
const postgres = rows.some(needsPostgres) ? await startPostgres() : undefined;
// A bench that fails midway stops its PostgreSQL server too (`stop` runs pg_ctl synchronously).
if (postgres) process.once('exit', () => postgres.stop());
const pgDatabase = postgres && (await postgres.createDatabase());
const pgUnnamedDatabase = postgres && (await postgres.createDatabase());
const stockArgs = [...appArgs.slice(0, -1), anchorEntry];
/** Each server is started for its own rows only; `app` always, its client assets name two rows. */
const starts = {
  app: () => startServer(appArgs, {}, undefined, withAdmin),
  twin: () => startServer(appArgs, {}, undefined, withAdmin),
  quiet: () => startServer(appArgs, { LOG_LEVEL: 'silent' }, undefined, withAdmin),
  pages: () => startServer(appArgs, { PAGE_CACHE: 'false' }),
  cached: () => startServer(appArgs),
  stock: () => startServer(stockArgs),
  stockHeaders: () => startServer([...appArgs.slice(0, -1), headersAnchorEntry]),
  pretenure: () =>
    startServer(
      appArgs.filter((arg) => arg !== '--no-allocation-site-pretenuring'),
      {},
      undefined,
      withAdmin,
    ),
  stockPages: () => startServer(stockArgs),
  // The app built without the security module (no nonce, CSP, headers or guards): what it costs a page.
  plain: () => startServer([...appArgs.slice(0, -1), plainEntry], { PAGE_CACHE: 'false' }),
  pg: () => startServer(appArgs, { DATABASE_URL: pgDatabase }, undefined, withAdmin),
  // The same build with one tuning recipe switched off each (docs/tuning.md).
  noseal: () => startServer(appArgs, { SEAL_CACHE: 'false' }, undefined, withAdmin),
  nostmt: () => startServer(appArgs, { STATEMENT_CACHE: 'false' }, undefined, withAdmin),
  pgunnamed: () =>
    startServer(
      appArgs,
      { DATABASE_URL: pgUnnamedDatabase, NAMED_STATEMENTS: 'false' },
      undefined,
      withAdmin,
    ),
  node24: () => startNode24({}, withAdmin),
  node24Pages: () => startNode24({ PAGE_CACHE: 'false' }),
  // Not a Node server: pgbench connects to the pg server's database itself.
  pgbench: async () => ({ url: pgDatabase, stop: async () => undefined }),
};
const servers = {};
for (const [name, start] of Object.entries(starts)) {
  if (name === 'app' || uses(name)) servers[name] = await start();
}
// The twin and the quiet server get everything the app gets, so their pairs compare servers in the
// same state: a hello costs more once its server has answered other routes (docs/performance.md).
for (const server of [
  servers.app,
  servers.twin,
  servers.quiet,
  servers.pretenure,
  servers.pages,
  servers.cached,
  servers.pg,
  servers.node24Pages,
  servers.noseal,
  servers.nostmt,
  servers.pgunnamed,
])
  if (server) await seedTodos(server.url);
// The bench account is each server's admin (ADMIN_EMAILS): `GET /api/v1/me` reads it, and the
// users routes, which only an account's owner or an admin may write, are seeded and renamed with it.
const sessions = {};
const accountServers = ['app', 'twin', 'quiet', 'pretenure', 'pg', 'node24', 'noseal', 'nostmt', 'pgunnamed'];
for (const name of accountServers)
  if (servers[name]) sessions[name] = await signUpBenchAccount(servers[name].url);
for (const name of accountServers) if (servers[name]) await seedUsers(servers[name].url, sessions[name]);
if (pgDatabase) {
  // The bench account's session on the pg server, for pgbench's copy of the PUT's session read.
  const client = new pg.Client({ connectionString: pgDatabase });
  await client.connect();
  const { rows } = await client.query('SELECT id FROM sessions ORDER BY created_at DESC LIMIT 1');
  await client.end();
  for (const row of allRows.filter((row) => row.script === sessionAndUpdate.script))
    row.variables = { ...row.variables, sid: rows[0].id, now: Date.now() };
}
for (const server of [servers.app, servers.twin, servers.quiet, servers.pretenure])
  if (server) await seedReviews(server.url);
if (!withPostgres) console.error('note  no PostgreSQL server binaries: PostgreSQL rows skipped');
for (const row of allRows.filter((row) => row.path === '/api/v1/me'))
  row.headers = { cookie: sessions[row.server] };
for (const row of allRows.filter((row) => row.spread && sessions[row.server]))
  row.headers = { ...row.headers, cookie: sessions[row.server] };
const assets = await clientAssets(servers.app.url);
allRows.find((row) => row.id === 'app asset').path = assets.stylesheet;
allRows.find((row) => row.id === 'app entry script').path = assets.script;
const ogImage = await linkedOgImage(servers.app.url);
allRows.find((row) => row.id === 'app og image').path = ogImage;
allRows.find((row) => row.id === 'app og route').path = ogImage.replace('/products/1/', '/products/01/');
const conditional = allRows.find((row) => row.id === 'app todos 304');
const etag = (await fetch(`${servers.app.url}${conditional.path}`)).headers.get('etag');
conditional.headers = { 'if-none-match': etag };

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
const streaming = !only || only.includes('streaming') ? await streamingTtfb() : undefined;
const ogRenders = !only || only.includes('og') ? await ogImageRenders() : undefined;
const memory = !only || only.includes('memory') ? await pageMemory() : undefined;
const db0Cost = !only || only.includes('db0') ? await db0VersusRaw() : undefined;
const appServers = [
  'app',
  'twin',
  'pages',
  'cached',
  'plain',
  'pg',
  'node24',
  'node24Pages',
  'noseal',
  'nostmt',
  'pgunnamed',
].filter((name) => servers[name]);
/** Each app server's peak resident memory, in MB: `{ app: 160, pages: 230, … }`. */
const appPeakRss = Object.fromEntries(
  appServers.map((name) => [name, Math.round(servers[name].peakRssMb())]),
);
const appPeakRssMb = Math.max(...Object.values(appPeakRss));
const peakRssMb = Math.round(
  Math.max(
    appPeakRssMb,
    ...['stock', 'stockPages'].filter((name) => servers[name]).map((name) => servers[name].peakRssMb()),
  ),
);
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
    /** Every status the row answered, summed over its rounds, e.g. `{ 200: 9000, 429: 12 }`. */
    statuses: runs.reduce((sum, run) => {
      for (const [status, count] of Object.entries(run.statuses)) sum[status] = (sum[status] ?? 0) + count;
      return sum;
    }, {}),
    runs,
  };
});
/**
 * Each ratio is taken within a round, then the median over rounds. A pair with `by: 'cpu'` is
 * judged by server CPU per request (steadier under other load); the others by req/s.
 */
const ratios = pairs.map((pair) => {
  const [of, to] = [samples.get(pair.of), samples.get(pair.to)];
  // A side that completed no request in a round (a starved machine) gives that round no ratio.
  const perRound = of.map((run, round) =>
    run.reqPerSec > 0 && to[round].reqPerSec > 0 ? run.reqPerSec / to[round].reqPerSec : NaN,
  );
  const value = median(perRound);
  const cpuRatio = median(
    of.map((run, round) =>
      Number.isFinite(perRound[round]) ? to[round].serverCpuUs / run.serverCpuUs : NaN,
    ),
  );
  const judged = pair.by === 'cpu' ? cpuRatio : value;
  return {
    ...pair,
    value,
    min: Math.min(...perRound),
    max: Math.max(...perRound),
    perRound,
    cpuRatio,
    judged,
  };
});
/** What a row asks: `PUT /api/v1/users/:id`, or `pgbench` for PostgreSQL's own load generator. */
const routeOf = (row) => (row.server === 'pgbench' ? 'pgbench' : `${row.method ?? 'GET'} ${row.path}`);
const fixed = (number) => (Number.isFinite(number) ? number.toFixed(2) : '–');
const met = (ratio) => ratio.judged >= ratio.floor;
const targetText = (ratio) =>
  ratio.aa
    ? `${aaRange.join('–')} ${aaReliable ? 'in range' : 'OUT OF RANGE'}`
    : ratio.floor === undefined
      ? 'info'
      : `≥ ${ratio.floor}${ratio.by === 'cpu' ? ' by CPU' : ''} ${met(ratio) ? 'met' : 'missed'}`;

/**
 * The A/A pair by both measures; outside this range, the differences below are noise. Two
 * servers on one core, each started once, settle 5–10% apart on two cores (docs/performance.md).
 */
const aaRange = [0.9, 1.1];
const aa = ratios.find((ratio) => ratio.aa);
const aaReliable =
  !aa || [aa.value, aa.cpuRatio].every((ratio) => ratio >= aaRange[0] && ratio <= aaRange[1]);
const aaLine = aa
  ? `A/A (the same build twice): ${fixed(aa.value)} by req/s, ${fixed(aa.cpuRatio)} by CPU/req — ` +
    (aaReliable
      ? 'in range, the run agrees with itself'
      : `outside ${aaRange.join('–')}: this run is UNRELIABLE`)
  : 'A/A not measured (BENCH_ONLY left out "hello")';

const setting =
  `${cores} cores, ${pinned ? 'servers pinned to core 1 and load generators to core 0' : 'not pinned'}; ` +
  `${connections} connections, ${rounds} round(s) of ${duration} s per row after a ` +
  `${warmup.page} s (pages) or ${warmup.other} s warm-up; ${Math.round((Date.now() - started) / 1000)} s in all; ` +
  `load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`;
console.log(`\n${setting}\n`);
console.log(aaLine);
console.table(
  results.map((row) => ({
    server: row.server,
    route: `${routeOf(row)}${row.label ? ` (${row.label})` : ''}`,
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
console.log(aaLine);
console.table(
  ratios.map((ratio) => ({
    pair: ratio.name,
    'median ratio': fixed(ratio.value),
    spread: `${fixed(ratio.min)}–${fixed(ratio.max)}`,
    'by CPU/req': fixed(ratio.cpuRatio),
    target: targetText(ratio),
  })),
);

const checks = [
  {
    name: `A/A within ${aaRange.join('–')}`,
    value: aa ? `${fixed(aa.value)} / ${fixed(aa.cpuRatio)}` : '–',
    pass: aaReliable,
  },
  ...ratios
    .filter((ratio) => ratio.floor !== undefined)
    .map((ratio) => ({
      name: `${ratio.name} ≥ ${ratio.floor}${ratio.by === 'cpu' ? ' (by CPU/req)' : ''}`,
      value: fixed(ratio.judged),
      pass: met(ratio),
    })),
  {
    name: 'peak RSS ≤ 200 MB (app)',
    value: `${appPeakRssMb} MB (${Object.entries(appPeakRss)
      .map(([name, mb]) => `${name} ${mb}`)
      .join(', ')})`,
    pass: appPeakRssMb <= 200,
  },
  ...results
    .filter((row) => row.id === 'app sign-in')
    .map((row) => ({
      name: 'a sign-in costs what its hash costs: server CPU/req ≤ 1.25 × one scrypt check',
      value: `${row.serverCpuUs} µs vs ${hashUs} µs`,
      pass: row.serverCpuUs <= 1.25 * hashUs,
    })),
  {
    name: 'every row answered requests',
    value:
      results
        .filter((row) => row.runs.some((run) => !(run.reqPerSec > 0)))
        .map((row) => row.id)
        .join(', ') || 'all',
    pass: results.every((row) => row.runs.every((run) => run.reqPerSec > 0)),
  },
  ...(uploads
    ? [
        {
          name: '20 parallel 5 MiB uploads: all 201, peak RSS ≤ 200 MB',
          value: `${uploads.peakRssMb} MB (idle ${uploads.idleRssMb} MB)`,
          pass: uploads.peakRssMb <= 200 && uploads.statuses.every((status) => status === 201),
        },
      ]
    : []),
  ...(streaming
    ? [
        {
          name: 'streamed /dashboard: time to first byte ≤ 50 ms (median, its loader waits 300 ms)',
          value:
            `${streaming.streamed.ttfb.p50} ms, p99 ${streaming.streamed.ttfb.p99} ms; buffered ` +
            `${streaming.buffered.ttfb.p50} ms, p99 ${streaming.buffered.ttfb.p99} ms; complete ` +
            `${streaming.streamed.complete.p50} vs ${streaming.buffered.complete.p50} ms`,
          pass: streaming.streamed.ttfb.p50 <= 50,
        },
      ]
    : []),
  ...(memory ?? []).map((run) => ({
    name: `page server peak RSS ≤ 1.25 × stock's under the same page load, Node ${run.node}, MALLOC_MMAP_THRESHOLD_ ${run.threshold ? 'set' : 'unset'}`,
    value: `${run.app} MB vs ${run.stock} MB: ${fixed(run.ratio)}`,
    pass: run.ratio <= 1.25,
  })),
  ...(db0Cost
    ? [
        {
          name: "information: the one-query route's SELECT through db0 vs a raw better-sqlite3 prepared statement, µs per call",
          value: `${db0Cost.db0} vs ${db0Cost.raw} (db0 ${fixed(db0Cost.db0 / db0Cost.raw)}×)`,
          pass: true,
        },
      ]
    : []),
  ...(ogRenders
    ? [
        {
          name: 'og:image per product: first request (renders) / second (cached render), ms',
          value: ogRenders.map(({ id, first, hit }) => `#${id} ${first} / ${hit}`).join(', '),
          pass: ogRenders.every(({ first, hit }) => hit < first),
        },
      ]
    : []),
  {
    name: 'zero errors and non-2xx',
    // Which rows, and what they answered: `app sign-in: 20020 non-2xx (200×12, 429×20020)`.
    value:
      results
        .filter((row) => row.errors || row.non2xx)
        .map((row) => {
          const statuses = Object.entries(row.statuses).map(([status, count]) => `${status}×${count}`);
          return `${row.id}: ${row.errors} errors, ${row.non2xx} unexpected (${statuses.join(', ')})`;
        })
        .join('; ') || 'none',
    pass: results.every((row) => row.errors === 0 && row.non2xx === 0),
  },
];
for (const check of checks) console.log(`${check.pass ? 'met   ' : 'MISSED'}  ${check.name}: ${check.value}`);
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

const table = (header, lines) =>
  [header, header.map(() => '---'), ...lines].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
const markdown = `${table(
  ['Server', 'Route', 'req/s', 'p99 ms', 'server µs/req', 'server CPU', 'client CPU'],
  results.map((row) => [
    row.server,
    `\`${routeOf(row)}\`${row.label ? ` (${row.label})` : ''}`,
    row.reqPerSec,
    row.p99,
    row.serverCpuUs,
    `${Math.round(row.serverCpu * 100)}%`,
    `${Math.round(row.clientCpu * 100)}%${row.clientBound ? ' client-bound' : ''}`,
  ]),
)}\n\n${aaLine}\n\n${table(
  ['Pair', 'Median ratio', 'Spread', 'By CPU/req', 'Target'],
  ratios.map((ratio) => [
    ratio.name,
    fixed(ratio.value),
    `${fixed(ratio.min)}–${fixed(ratio.max)}`,
    fixed(ratio.cpuRatio),
    targetText(ratio),
  ]),
)}\n\n${checks.map((check) => `- ${check.pass ? 'met' : '**missed**'}: ${check.name}: ${check.value}`).join('\n')}`;
// `-- --markdown`: the tables again, as bench/RESULTS.md and the README show them.
if (process.argv.includes('--markdown')) console.log(`\n${markdown}`);

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
      aaReliable,
      rows: results,
      ratios,
      peakRssMb,
      appPeakRssMb,
      uploads,
      streaming,
      ogRenders,
      memory,
      db0Cost,
      checks,
    },
    null,
    2,
  ),
);
console.log(`\nResults: ${file}`);

// bench/RESULTS.md: the latest run, with when, which commit and on what machine it was measured.
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
const dirty = execFileSync('git', ['status', '--porcelain', '--', '.', ':!bench/RESULTS.md'], {
  cwd: root,
  encoding: 'utf8',
}).trim()
  ? ' (uncommitted changes)'
  : '';
const resultsMd = join(root, 'bench/RESULTS.md');
// The new run goes on top, under the file's own introduction; the earlier runs stay below it.
const previous = readFileSync(resultsMd, 'utf8');
const firstRun = previous.indexOf('\n## ');
const intro = firstRun === -1 ? '# Bench results\n' : previous.slice(0, firstRun);
const earlier = firstRun === -1 ? '' : previous.slice(firstRun);
const run =
  `\n## ${new Date().toISOString()}, commit ${commit}${dirty}${quick || only ? ', a quick or filtered run: directions only' : ''}\n\n` +
  `${setting}. Written by \`npm run bench\` (bench/run.mjs); the JSON beside it has every round.\n\n${markdown}\n`;
writeFileSync(resultsMd, `${intro.trimEnd()}\n${run}${earlier}`);
process.exitCode = checks.every((check) => check.pass) ? 0 : 1;

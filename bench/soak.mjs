// npm run soak: mixed traffic against the production server; fails on errors or memory growth.
import autocannon from 'autocannon';

import { appArgs, ensureBuild, signUpBenchAccount, startServer } from './servers.mjs';

const seconds = Number(process.env.SOAK_SECONDS ?? 60);
const connections = Number(process.env.SOAK_CONNECTIONS ?? 50);
const warmupSeconds = Math.min(10, Math.round(seconds / 6));
const json = { 'content-type': 'application/json' };

ensureBuild();
const app = await startServer(appArgs, {}, undefined, { withAdmin: true });
// The bench account is the server's admin (ADMIN_EMAILS), whom `PUT /api/v1/users/:id` lets rename anyone.
const admin = await signUpBenchAccount(app.url);

// A warm-up of the same mix, so JIT and caches settle before the baseline RSS is taken.
const requests = [
  { method: 'GET', path: '/api/v1/hello' },
  { method: 'GET', path: '/api/v1/search?q=an&tag=x' },
  { method: 'PUT', path: '/api/v1/users/1', headers: { ...json, cookie: admin }, body: '{"name":"Ada"}' },
  {
    method: 'POST',
    path: '/api/v1/contact',
    headers: json,
    body: '{"name":"Ada","email":"a@b.co","message":"Hi"}',
  },
  { method: 'GET', path: '/api/rss.xml' },
  { method: 'GET', path: '/' },
  { method: 'GET', path: '/routes' },
];
const run = (duration) => autocannon({ url: app.url, connections, duration, requests });

await run(warmupSeconds);
const startRss = app.rssMb();
const tracker = run(seconds);
let second = 0;
tracker.on('tick', ({ counter }) => {
  second += 1;
  if (second % 10 === 0) console.log(`${second} s: ${counter} req/s, RSS ${Math.round(app.rssMb())} MB`);
});
const result = await tracker;
const endRss = app.rssMb();
await app.stop();

const growth = (endRss - startRss) / startRss;
const errors = result.errors + result.timeouts + result.non2xx;
console.log(`\n${result.requests.total} requests in ${seconds} s at ${connections} connections`);
console.log(`errors (incl. non-2xx): ${errors}`);
console.log(
  `RSS after warm-up ${Math.round(startRss)} MB, at the end ${Math.round(endRss)} MB (${(growth * 100).toFixed(1)}%)`,
);
const pass = errors === 0 && growth <= 0.2;
console.log(pass ? 'PASS' : 'FAIL: errors, or RSS grew more than 20% after warm-up');
process.exitCode = pass ? 0 : 1;

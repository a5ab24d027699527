// npm run bench:security: what the nonce, the CSP and the security headers cost a page.
// Servers as deployed against servers with SECURITY_HEADERS=off, driven in turns; medians of the rounds.
// On a shared machine req/s swings with everyone else's load, so each round also records the
// server's own CPU time per request (from /proc), which the verdict uses.
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';

import { appArgs, ensureBuild, startServer } from './servers.mjs';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const duration = Number(process.env.BENCH_DURATION ?? 4);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const maxCost = 0.05;
const pages = [
  { name: 'GET / (SSR, nonce + CSP + headers)', path: '/' },
  { name: 'GET /routes (prerendered, hash CSP + headers)', path: '/routes' },
];

/** User + system CPU time of a process so far, in clock ticks (10 ms). */
const cpuTicks = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
};

async function drive(server, path, seconds) {
  const before = cpuTicks(server.pid);
  const result = await autocannon({ url: `${server.url}${path}`, connections, duration: seconds });
  if (result.errors + result.timeouts + result.non2xx > 0) throw new Error(`${path} answered with errors`);
  return {
    rate: result.requests.average,
    cpuUs: ((cpuTicks(server.pid) - before) * 10_000) / result.requests.total,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

ensureBuild();
/**
 * Two servers of each kind, started A B B A: the first server started measures slower on SSR
 * even against an identical twin (+12% CPU in an A/A run), so each kind gets one early and one late.
 */
const start = async (securityHeaders) => {
  process.env.SECURITY_HEADERS = securityHeaders;
  const server = await startServer(appArgs);
  delete process.env.SECURITY_HEADERS;
  return server;
};
const servers = { secured: [await start('on')], bare: [await start('off')] };
servers.bare.push(await start('off'));
servers.secured.push(await start('on'));

const rows = [];
let pass = true;
try {
  for (const page of pages) {
    const samples = { secured: [], bare: [] };
    for (const server of [...servers.secured, ...servers.bare]) await drive(server, page.path, 2);
    for (let round = 0; round < rounds; round += 1) {
      // Alternate which kind goes first, so drift in the machine's load falls on both alike.
      const order = round % 2 ? ['bare', 'secured'] : ['secured', 'bare'];
      for (const name of order) {
        for (const server of servers[name]) samples[name].push(await drive(server, page.path, duration));
      }
    }
    const rate = (name) => median(samples[name].map((sample) => sample.rate));
    const cpu = (name) => median(samples[name].map((sample) => sample.cpuUs));
    const cost = cpu('secured') / cpu('bare') - 1;
    pass &&= cost <= maxCost;
    rows.push({
      page: page.name,
      'with req/s': Math.round(rate('secured')),
      'without req/s': Math.round(rate('bare')),
      'with CPU µs/req': Math.round(cpu('secured')),
      'without CPU µs/req': Math.round(cpu('bare')),
      'CPU cost': `${(cost * 100).toFixed(1)}%`,
    });
  }
} finally {
  await Promise.all([...servers.secured, ...servers.bare].map((server) => server.stop()));
}
console.log(`\n${rounds} rounds of ${duration} s, ${connections} connections; medians\n`);
console.table(rows);
console.log(`${pass ? 'PASS' : 'FAIL'}  security work costs ≤ ${maxCost * 100}% on every page`);
process.exitCode = pass ? 0 : 1;

// npm run bench:ws: 100 WebSocket clients on one production server; messages go out at a steady
// rate spread over the clients (within the chat's 20 frames per 10 s per connection), and each
// one's arrival at all 100 is timed: deliveries per second and delivery time p50/p99/max. The
// same against crossws's own chat example (bench/ws-anchor.mjs: no session, no table, no limits).
// BENCH_QUICK=1: 2 s of messages, not 10.
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

import {
  appArgs,
  appEntry,
  ensureBuild,
  pinSelf,
  pinned,
  root,
  signUpBenchAccount,
  startServer,
} from './servers.mjs';

const quick = process.env.BENCH_QUICK === '1' || process.argv.includes('--quick');
const clientCount = Number(process.env.BENCH_CLIENTS ?? 100);
/** Messages per second, all clients together: 1 per client, half the chat's limit (2 per second). */
const rate = Number(process.env.BENCH_RATE ?? clientCount);
const seconds = quick ? 2 : 10;

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Opens `clientCount` sockets to `url` (the app's: with the session and its own origin) and waits for each to open. */
async function openClients(url, cookie, onText) {
  const ws = `${url.replace(/^http/, 'ws')}/ws/chat`;
  const clients = [];
  for (let n = 0; n < clientCount; n++) {
    const socket = new WebSocket(ws, { headers: { origin: url, ...(cookie ? { cookie } : {}) } });
    socket.on('message', (data) => onText(data.toString()));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`upgrade answered ${response.statusCode}`)),
      );
    });
    clients.push(socket);
  }
  return clients;
}

/** Sends `rate` messages a second for `seconds`, round-robin over the clients; resolves once all arrived everywhere. */
async function measure(label, server, cookie) {
  const tag = `bench-${Date.now()}`;
  const total = rate * seconds;
  const expected = total * clientCount;
  const delays = [];
  let finish;
  const finished = new Promise((resolve) => (finish = resolve));
  const onText = (text) => {
    const at = text.indexOf(tag);
    if (at < 0) return;
    // `<tag> <sent>`: the sender's performance.now(), this same process's clock.
    delays.push(performance.now() - Number.parseFloat(text.slice(at + tag.length + 1)));
    if (delays.length === expected) finish();
  };
  const clients = await openClients(server.url, cookie, onText);
  await new Promise((settle) => setTimeout(settle, 500));
  const cpuBefore = server.cpuSeconds();
  const started = performance.now();
  for (let sent = 0; sent < total; sent++) {
    const due = started + (sent / rate) * 1_000;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((tick) => setTimeout(tick, wait));
    clients[sent % clientCount].send(
      JSON.stringify({ type: 'message', text: `${tag} ${performance.now()}` }),
    );
  }
  const timeout = setTimeout(() => finish(), 30_000);
  await finished;
  clearTimeout(timeout);
  const elapsed = (performance.now() - started) / 1_000;
  const cpu = server.cpuSeconds() - cpuBefore;
  for (const client of clients) client.terminate();
  const sorted = delays.sort((a, b) => a - b);
  return {
    label,
    delivered: `${delays.length}/${expected}`,
    deliveriesPerSecond: Math.round(delays.length / elapsed),
    p50: sorted.length ? percentile(sorted, 50).toFixed(1) : '-',
    p99: sorted.length ? percentile(sorted, 99).toFixed(1) : '-',
    max: sorted.length ? sorted[sorted.length - 1].toFixed(1) : '-',
    serverCpuPercent: Math.round((cpu / elapsed) * 100),
    peakRssMb: Math.round(server.peakRssMb()),
  };
}

pinSelf();
ensureBuild();
const results = [];
{
  // Every client is one account's, from one address: the caps per address and per account let them all in.
  const app = await startServer([...appArgs, appEntry], {
    CHAT_MAX_CONNECTIONS_PER_ADDRESS: String(clientCount),
    CHAT_MAX_CONNECTIONS_PER_ACCOUNT: String(clientCount),
    CHAT_MAX_FRAMES_PER_ACCOUNT: String(rate * 10),
  });
  try {
    results.push(await measure('app /ws/chat (SQLite)', app, await signUpBenchAccount(app.url)));
  } finally {
    await app.stop();
  }
}
{
  const anchor = await startServer([`${root}/bench/ws-anchor.mjs`]);
  try {
    results.push(await measure('crossws example (no auth, no table)', anchor, ''));
  } finally {
    await anchor.stop();
  }
}
console.log(
  `\n${clientCount} clients, ${rate} messages/s for ${seconds} s (each message to every client)${pinned ? ', server on core 1' : ''}:`,
);
console.table(results);

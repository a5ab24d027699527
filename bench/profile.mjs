// node bench/profile.mjs [app-path] [stock-path]: where a server-rendered page spends its CPU,
// against stock's page. Both servers run under `--cpu-prof` while autocannon drives them in turns;
// the profiles (main thread only) are split into areas (nav links, router, document, GC…) and
// scaled to the main thread's measured CPU time per request; the other threads (V8's concurrent
// GC and compilers) get a row of their own. Both columns are microseconds per request.
// Defaults: `/search` against stock's static page `/`. Profiles stay in the printed folder.
import autocannon from 'autocannon';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { anchorEntry, appArgs, ensureAnchorBuild, ensureBuild, pinSelf, startServer } from './servers.mjs';

const [appPath = '/search', stockPath = '/'] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const rounds = 3;
const seconds = 5;
const warmup = 8;

/**
 * Areas, most specific first: a sample counts for the first area any frame of its stack matches,
 * so a `RouterLink` created by the shell's template counts as the nav, not as the template.
 */
const areas = [
  ['garbage collection', (frame) => frame.functionName === '(garbage collector)'],
  [
    'nonce + CSP headers',
    (frame) => /^(withPagePolicy|createNonce|setDocumentHeaders)$/.test(frame.functionName),
  ],
  ['nav links (RouterLink)', (frame) => /^_?RouterLink/.test(frame.functionName)],
  ['app shell template', (frame) => /^App_/.test(frame.functionName)],
  [
    'page components',
    (frame) =>
      /^(?!App_).*_(Template|Factory)$/.test(frame.functionName) && /Page|Search/.test(frame.functionName),
  ],
  [
    'loader fetch + interceptors',
    (frame) => /loaderCookies|requestContextInterceptor|injectLoad/.test(frame.functionName),
  ],
  ['title + meta tags', (frame) => /^(updateTitle|setTitle|updateTag)$/.test(frame.functionName)],
  [
    'hydration annotations',
    (frame) => /^(prepareForHydration|annotateForHydration)$/.test(frame.functionName),
  ],
  ['document serialization', (frame) => /^(serializeDocument|serializeOne)$/.test(frame.functionName)],
  [
    'document parsing',
    (frame) => /^(parseDocument|HTMLParser|createWindow|createDocument)$/.test(frame.functionName),
  ],
  [
    'router (config, matching, activation)',
    (frame) =>
      /^(Router_Factory|recognize|matchSegmentAgainstRoute|activateRoutes|initialNavigation|createUrlTree)$/.test(
        frame.functionName,
      ),
  ],
  ['change detection', (frame) => /^detectChanges/.test(frame.functionName)],
  [
    'bootstrap + DI',
    (frame) =>
      /^bootstrapApplication$|_Factory$|^R3Injector|^forEachSingleProvider$/.test(frame.functionName),
  ],
  ['other Angular + Analog', (frame) => frame.url.includes('ANALOG_SSR_RENDERER')],
  ['rxjs', (frame) => frame.url.includes('/rxjs/')],
  ['Nitro + h3', (frame) => frame.url.includes('/nitro/')],
  ['Node (HTTP, streams, timers)', (frame) => frame.url.startsWith('node:')],
];

/** Microseconds per request by area: each area's share of the busy samples times `cpuUsPerRequest`. */
function breakdown(profileDir, cpuUsPerRequest) {
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map(
    profile.nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node.id])),
  );
  const totals = new Map();
  let busy = 0;
  profile.samples.forEach((id, index) => {
    if (nodes.get(id).callFrame.functionName === '(idle)') return;
    const time = profile.timeDeltas[index] ?? 0;
    const frames = [];
    for (let current = id; current !== undefined; current = parents.get(current)) {
      frames.push(nodes.get(current).callFrame);
    }
    const area = areas.find(([, matches]) => frames.some(matches))?.[0] ?? 'other';
    totals.set(area, (totals.get(area) ?? 0) + time);
    busy += time;
  });
  return new Map([...totals].map(([area, time]) => [area, (time / busy) * cpuUsPerRequest]));
}

/** CPU ticks (10 ms) so far of a process's main thread and of all its other threads. */
function threadTicks(pid) {
  const ticks = { main: 0, background: 0 };
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
    ticks[tid === String(pid) ? 'main' : 'background'] += Number(fields[11]) + Number(fields[12]);
  }
  return ticks;
}

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];

ensureBuild();
ensureAnchorBuild();
pinSelf();
const folder = mkdtempSync(join(tmpdir(), 'analog-profile-'));
const flags = (name) => ['--cpu-prof', `--cpu-prof-dir=${join(folder, name)}`];
const sides = [
  { name: 'app', path: appPath, server: await startServer([...flags('app'), ...appArgs]) },
  {
    name: 'stock',
    path: stockPath,
    server: await startServer([...flags('stock'), ...appArgs.slice(0, -1), anchorEntry]),
  },
];
const drive = (side, duration) =>
  autocannon({ url: `${side.server.url}${side.path}`, connections: 10, duration });
for (const side of sides) await drive(side, warmup);
for (let round = 0; round < rounds; round += 1) {
  for (const side of round % 2 ? sides.toReversed() : sides) {
    const before = threadTicks(side.server.pid);
    const result = await drive(side, seconds);
    const after = threadTicks(side.server.pid);
    if (result.errors + result.timeouts + result.non2xx > 0)
      throw new Error(`${side.path} answered with errors`);
    const perRequest = (thread) => ((after[thread] - before[thread]) * 10_000) / result.requests.total;
    (side.mainUs ??= []).push(perRequest('main'));
    (side.backgroundUs ??= []).push(perRequest('background'));
    (side.cpuUs ??= []).push(perRequest('main') + perRequest('background'));
  }
}
for (const side of sides) await side.server.stop();

const [app, stock] = sides.map((side) => breakdown(join(folder, side.name), median(side.mainUs)));
const rows = [...areas.map(([area]) => area), 'other'].map((area) => [
  area,
  app.get(area) ?? 0,
  stock.get(area) ?? 0,
]);
rows.push(['= main thread', median(sides[0].mainUs), median(sides[1].mainUs)]);
rows.push([
  'other threads (V8 GC + compilers, libuv)',
  median(sides[0].backgroundUs),
  median(sides[1].backgroundUs),
]);
console.log(`CPU µs per request: app ${appPath} against stock ${stockPath} (profiles in ${folder})`);
console.table(
  Object.fromEntries(
    [...rows, ['total', median(sides[0].cpuUs), median(sides[1].cpuUs)]].map(([area, ofApp, ofStock]) => [
      area,
      { app: Math.round(ofApp), stock: Math.round(ofStock), 'app − stock': Math.round(ofApp - ofStock) },
    ]),
  ),
);
console.log(
  `ratio by CPU per request: ${(median(sides[1].cpuUs) / median(sides[0].cpuUs)).toFixed(2)}× stock`,
);

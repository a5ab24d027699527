import { createDatabase, type Database } from 'db0';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { takeLease } from '../../src/server/lib/housekeeping/lease';
import { migrate } from '../../src/server/lib/db/migrations';
import { pooledPostgres } from '../../src/server/lib/db/postgres-pool';
import { reuseStatements } from '../../src/server/lib/statement-cache';
import { ensureClusterBuild, serverEntry } from '../support/build';
import { type RunningPostgres, startPostgres } from '../support/postgres.mjs';
import { type RunningServer, startProductionServer } from '../support/server';
import { sqliteConnector } from '../support/sqlite';

/**
 * A round every second, and Nitro's scheduler on: it stays off while `TEST` is set, which Vitest
 * sets and the servers would inherit.
 */
const everySecond = { HOUSEKEEPING_INTERVAL_SECONDS: '1', TEST: '' };

interface Run {
  round: number;
  holder: string;
  startedAt: number;
  finishedAt: number;
  purged: Record<string, number | null>;
}

/** The runs recorded in `task_runs`, in the order they started (pg answers BIGINT as text). */
async function recordedRuns(db: Database): Promise<Run[]> {
  const { rows = [] } = await db.sql`
    SELECT round, holder, started_at, finished_at, purged FROM task_runs ORDER BY started_at, id`;
  return rows.map((row) => ({
    round: Number(row['round']),
    holder: String(row['holder']),
    startedAt: Number(row['started_at']),
    finishedAt: Number(row['finished_at']),
    purged: JSON.parse(String(row['purged'])) as Run['purged'],
  }));
}

/**
 * Waits for at least `count` runs after `since`, then checks the lease's promise: each round (a
 * whole second) ran once, not before it began, and no run started before the one before it had finished.
 */
async function expectOneRunPerRound(db: Database, since: number, count: number) {
  await expect
    .poll(async () => (await recordedRuns(db)).filter((run) => run.startedAt > since).length, {
      timeout: 20_000,
    })
    .toBeGreaterThanOrEqual(count);
  const runs = await recordedRuns(db);
  for (const run of runs) expect(run.holder).toMatch(/^[^/]+\/\d+\/[0-9a-f]{8}$/);
  expect(new Set(runs.map((run) => run.round)).size).toBe(runs.length);
  for (const run of runs) {
    expect(run.round % 1000).toBe(0);
    expect(run.startedAt).toBeGreaterThanOrEqual(run.round);
    // Every purge ran and answered a count (a failed one records null).
    expect(run.purged).toEqual({
      'expired rate limits': expect.any(Number),
      'ended and expired sessions': expect.any(Number),
      'task runs over a week old': expect.any(Number),
      'expired idempotency keys': expect.any(Number),
      'todo events past the replay window': expect.any(Number),
      'webhook events over 30 days old': expect.any(Number),
      'chat messages but the newest 1,000': expect.any(Number),
      'orphaned and half-written uploads': expect.any(Number),
      'review addresses over an hour old': expect.any(Number),
    });
  }
  for (let n = 1; n < runs.length; n += 1)
    expect(runs[n].startedAt).toBeGreaterThanOrEqual(runs[n - 1].finishedAt);
}

const hour = 3_600_000;

/** 1,500 expired counters (more than one purge batch) and 20 live ones, under a fresh tag. */
function rateLimitRows(tag: string, now = Date.now()) {
  return [
    ...Array.from({ length: 1_500 }, (_, n) => [`${tag}:expired:${n}`, 6, now - hour - n]),
    ...Array.from({ length: 20 }, (_, n) => [`${tag}:live:${n}`, 3, now + hour]),
  ] as [string, number, number][];
}

/** Inserts `rows` in one transaction, so a run finds more than one purge batch at once. */
async function insertRateLimits(db: Database, rows: [string, number, number][]) {
  if (db.dialect === 'postgresql') {
    const columns = [0, 1, 2].map((n) => rows.map((row) => row[n]));
    await ((await db.getInstance()) as pg.Pool).query(
      'INSERT INTO rate_limits (key, hits, resets_at) SELECT * FROM unnest($1::text[], $2::int[], $3::bigint[])',
      columns,
    );
    return;
  }
  await db.exec('BEGIN');
  for (const [key, hits, resetsAt] of rows)
    await db.sql`INSERT INTO rate_limits (key, hits, resets_at) VALUES (${key}, ${hits}, ${resetsAt})`;
  await db.exec('COMMIT');
}

const taggedKeys = async (db: Database, tag: string) =>
  ((await db.sql`SELECT key FROM rate_limits WHERE key LIKE ${`${tag}:%`}`).rows ?? []).map((row) =>
    String(row['key']),
  );

/** Inserts expired and live counters under a fresh tag, then waits until a run has left only the live ones. */
async function expectExpiredRateLimitsPurged(db: Database) {
  const tag = crypto.randomUUID();
  const rows = rateLimitRows(tag);
  await insertRateLimits(db, rows);
  const live = rows.filter(([key]) => key.includes(':live:')).map(([key]) => key);
  await expect.poll(() => taggedKeys(db, tag), { timeout: 20_000 }).toHaveLength(live.length);
  expect((await taggedKeys(db, tag)).sort()).toEqual(live.sort());
}

describe('housekeeping task on node-cluster (4 workers sharing one SQLite file)', () => {
  let server: RunningServer;
  let db: Database;

  beforeAll(async () => {
    server = await startProductionServer(ensureClusterBuild(), {
      ...everySecond,
      NITRO_CLUSTER_WORKERS: '4',
    });
    // As the app does: on Node 24, better-sqlite3 12 aborts the process when the garbage collector
    // finalizes one of db0's throw-away statements (Assertion failed: (env) != nullptr).
    db = createDatabase(reuseStatements(sqliteConnector({ path: join(server.dataDir, 'app.sqlite') })));
  }, 300_000);

  afterAll(async () => {
    await db?.dispose();
    await server?.stop();
  });

  it('runs each one-second round once, in one worker at a time', async () => {
    // Every worker ticks every second: without the lease each round would run four times.
    await expectOneRunPerRound(db, Date.now(), 5);
  });

  it('deletes expired rate_limits rows and keeps live ones', async () => {
    await expectExpiredRateLimitsPurged(db);
  });
});

describe('housekeeping task on two instances sharing one PostgreSQL', () => {
  let postgres: RunningPostgres;
  let servers: RunningServer[] = [];
  let pool: pg.Pool;
  let db: Database;

  beforeAll(async () => {
    postgres = await startPostgres();
    const databaseUrl = await postgres.createDatabase();
    servers = await Promise.all(
      [1, 2].map(() => startProductionServer(serverEntry, { ...everySecond, DATABASE_URL: databaseUrl })),
    );
    pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
    db = createDatabase(pooledPostgres(pool));
  }, 120_000);

  afterAll(async () => {
    await pool?.end();
    await Promise.all(servers.map((server) => server.stop()));
    await postgres?.stop();
  });

  it('runs each one-second round once, on one instance at a time', async () => {
    // Both instances tick every second: without the lease each round would run twice.
    await expectOneRunPerRound(db, Date.now(), 5);
  });

  it('deletes expired rate_limits rows and keeps live ones', async () => {
    await expectExpiredRateLimitsPurged(db);
  });

  it('gives a lease to exactly one of 20 claims racing on 20 connections', async () => {
    // A database of its own, so the servers' task doesn't race this test for the lease.
    const own = new pg.Pool({ connectionString: await postgres.createDatabase(), max: 20 });
    try {
      const ownDb = createDatabase(pooledPostgres(own));
      const client = await own.connect();
      try {
        await migrate(createDatabase(pooledPostgres(client)));
      } finally {
        client.release();
      }
      for (const round of [1_000, 2_000, 3_000]) {
        await ownDb.sql`UPDATE task_leases SET expires_at = 0`;
        const claims = Array.from({ length: 20 }, (_, n) =>
          takeLease(ownDb, { name: 'race', holder: `p${n}`, round, ttlMs: 60_000, now: Date.now() }),
        );
        expect((await Promise.all(claims)).filter(Boolean)).toHaveLength(1);
      }
    } finally {
      await own.end();
    }
  });
});

describe('housekeeping task while the server drains', () => {
  it('starts no run after SIGTERM, and the server still exits 0 with its database closed', async () => {
    const server = await startProductionServer(serverEntry, { ...everySecond, DRAIN_GRACE_MS: '3000' });
    const db = createDatabase(reuseStatements(sqliteConnector({ path: join(server.dataDir, 'app.sqlite') })));
    try {
      await expect.poll(async () => (await recordedRuns(db)).length, { timeout: 20_000 }).toBeGreaterThan(0);
      const exit = new Promise((done) => server.process.once('exit', done));
      const signalled = Date.now();
      server.process.kill('SIGTERM');
      // The grace (3 s) spans three rounds: before the fix each of them ran.
      expect(await exit).toBe(0);
      const late = (await recordedRuns(db)).filter((run) => run.startedAt > signalled);
      expect(late).toEqual([]);
    } finally {
      await db.dispose();
      await server.stop();
    }
  }, 60_000);
});

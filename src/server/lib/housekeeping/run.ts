import { type Purge, useDatabase } from '../db';
import { withLease } from './with-lease';

/** What one run did, as `task_runs` keeps it. */
export interface HousekeepingRun {
  /** The round's start, epoch ms: rounds of `intervalSeconds` aligned to the epoch, like a cron's. */
  round: number;
  holder: string;
  startedAt: number;
  finishedAt: number;
  /** Rows or files removed, by purge; `null` for a purge that failed (its error is logged). */
  purged: Record<string, number | null>;
}

/** Long enough for any purge between two renewals (every 20 s); a dead holder blocks the task that long. */
const leaseTtlMs = 60_000;

/** The last round this process tried, so it asks the database once per round, not on every tick. */
let triedRound: number | undefined;

/** This process's run in progress, if any, settled whether it succeeds or fails. */
let running: Promise<void> = Promise.resolve();
/** Set once the server drains: a draining process starts no run, another takes the round. */
let stopped = false;

/**
 * Starts no new run from now on, and resolves once this process has none in progress: the
 * drain awaits it before the database closes (src/server/plugins/housekeeping.ts).
 */
export function stopHousekeeping(): Promise<void> {
  stopped = true;
  return running;
}

/**
 * One tick of the housekeeping task: when a new round of `intervalSeconds` has begun, takes the
 * `housekeeping` lease for it, runs each purge in turn and records the run in `task_runs`; so
 * across every worker and instance each round runs once and no two runs overlap. A run that
 * outlasts its round makes the next round pass. `intervalSeconds` 0 turns it off.
 */
export async function housekeep(
  purges: ReadonlyMap<string, Purge>,
  intervalSeconds: number,
): Promise<HousekeepingRun | undefined> {
  if (stopped || !(intervalSeconds > 0)) return undefined;
  const intervalMs = intervalSeconds * 1000;
  const round = Math.floor(Date.now() / intervalMs) * intervalMs;
  if (round === triedRound) return undefined;
  triedRound = round;
  const run = withLease('housekeeping', { ttlMs: leaseTtlMs, round }, async ({ holder, signal }) => {
    const startedAt = Date.now();
    const purged: HousekeepingRun['purged'] = {};
    for (const [name, purge] of purges) {
      if (signal.aborted) break;
      purged[name] = await purge(signal).catch((error: unknown) => {
        console.error(`[housekeeping] ${name} failed`, error);
        return null;
      });
    }
    const finishedAt = Date.now();
    const db = await useDatabase();
    await db.sql`INSERT INTO task_runs (name, round, holder, started_at, finished_at, purged)
      VALUES ('housekeeping', ${round}, ${holder}, ${startedAt}, ${finishedAt}, ${JSON.stringify(purged)})`;
    return { round, holder, startedAt, finishedAt, purged };
  });
  running = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
}

/** How long `task_runs` keeps a run. */
const keepRunsMs = 7 * 24 * 3_600_000;

/** Deletes the `task_runs` records of runs that finished over a week ago. */
export async function purgeOldTaskRuns(): Promise<number> {
  const db = await useDatabase();
  const { rows = [] } = await db.sql`
    DELETE FROM task_runs WHERE finished_at < ${Date.now() - keepRunsMs} RETURNING id`;
  return rows.length;
}

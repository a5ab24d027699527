/**
 * Housekeeping: scheduled work that runs in one process at a time across the cluster.
 * `withLease` is the pattern (a lease row in the database, taken in one atomic statement);
 * `housekeep` runs the purges the recipes registered (`registerPurge`, lib/db) once per round
 * under it and records each run in `task_runs`.
 */
export { takeLease } from './lease';
export { type Lease, type LeaseOptions, withLease } from './with-lease';
export { type HousekeepingRun, housekeep, purgeOldTaskRuns, stopHousekeeping } from './run';

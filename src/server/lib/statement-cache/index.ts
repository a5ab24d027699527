// Tuning, opt-in: SQLite statements compiled once per SQL text (docs/tuning.md). Switched on by
// src/server/plugins/statement-cache.ts; leave both out and db0's connector runs as it ships.
export * from './statement-cache';

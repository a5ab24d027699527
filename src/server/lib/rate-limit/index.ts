/**
 * Counters of attempts per key in the database, shared by every process (docs/sessions.md, "Limits"):
 * `takeAttempt` refuses with 429 past a policy's limit, `countAttempt` counts per address and per account.
 */
export * from './rate-limit';

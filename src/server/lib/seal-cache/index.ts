// Tuning, opt-in: session cookies unsealed once per process (docs/tuning.md). Switched on by
// src/server/plugins/seal-cache.ts; leave both out and every request unseals its cookie.
export * from './seal-cache';

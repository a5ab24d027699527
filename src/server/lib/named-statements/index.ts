// Tuning, opt-in: PostgreSQL statements parsed once per connection (docs/tuning.md). Switched on by
// src/server/plugins/named-statements.ts; leave both out and every statement is parsed each time.
export * from './named-statements';

export * from './data-dir';
export * from './database';
export * from './database-errors';
export * from './migrations';
export * from './one-read-at-a-time';
export * from './postgres-pool';
export * from './purges';
export * from './wake-ups';

export * from './data-dir';
export * from './database';
export * from './database-errors';
export * from './migrations';
export * from './postgres-pool';

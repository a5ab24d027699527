/** The cached handler: Nitro's `cache:` storage in SQL, and the todo summary it keeps (docs/pagination-and-caching.md). */
export * from './cache-storage';
export * from './todo-summary';

/** Keyset pages of the todos, and the table version their ETag is made of (docs/pagination-and-caching.md). */
export * from './todo-cursor';
export * from './todo-pages';

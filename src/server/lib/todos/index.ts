export * from './todo-schemas';
export * from './todo-summary';
export * from './todos';

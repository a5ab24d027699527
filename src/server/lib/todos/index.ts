/** The todo list the list recipes share (pagination, cached handler, live updates): its table and its writes. */
export * from './todo-schemas';
export * from './todos';

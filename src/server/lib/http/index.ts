export * from './cookies';
export * from './cors';
export * from './path-params';
export * from './plain-text';

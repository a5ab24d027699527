export * from './path-params';
export * from './plain-text';

export * from './cookies';
export * from './cors';
export * from './slug';
export * from './text';

export * from './csv';
export * from './rss';
export * from './site';
export * from './xml';

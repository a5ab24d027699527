export * from './csv';
export * from './rss';
export * from './xml';

export * from './cache-storage';

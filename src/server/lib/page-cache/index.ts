export * from './page-cache';

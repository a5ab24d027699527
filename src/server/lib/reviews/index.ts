export * from './reviews';

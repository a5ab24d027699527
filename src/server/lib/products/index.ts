export * from './reviews';
export * from './supplier-prices';

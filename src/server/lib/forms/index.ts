export * from './browser-forms';

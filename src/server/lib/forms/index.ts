export * from './browser-forms';
export * from './contact';
export * from './newsletter';

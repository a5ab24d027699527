export * from './browser-forms';
export * from './capacity';
export * from './contact';
export * from './newsletter';

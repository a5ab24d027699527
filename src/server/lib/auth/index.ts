// Accounts, sessions and their abuse limits: the one door the routes and pages use (docs/sessions.md).
export * from './account-forms';
export * from './accounts';
export * from './messages';
export * from './passwords';
export * from './rate-limit';
export * from './redirects';
export * from './sessions';
export * from './sign-in';

// Accounts, sessions and their abuse limits: the one door the routes and pages use (docs/sessions.md),
// and `requireUser`, the guard that answers 401 without a session. Guards beyond that (admins, owners)
// are the authorization recipe's (lib/authorization).
export * from './account-forms';
export * from './accounts';
export * from '../../../shared/account-messages';
export * from './passwords';
export * from './redirects';
export * from './sessions';
export * from './sign-in';

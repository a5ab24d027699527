// Accounts, sessions and their abuse limits: the one door the routes and pages use (docs/sessions.md),
// and who may call a route (docs/security.md): `require*` guards that answer 401 without a session and
// 403 for someone else, and the admin role from `ADMIN_EMAILS`.
export * from './account-forms';
export * from './accounts';
export * from './guards';
export * from '../../../shared/account-messages';
export * from './passwords';
export * from './redirects';
export { adminEmails, isAdmin, unclaimedAdminEmails } from './roles';
export * from './sessions';
export * from './sign-in';

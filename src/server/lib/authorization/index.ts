/**
 * Who may call a route beyond being signed in (docs/security.md): `require*` guards that answer 401
 * without a session and 403 for someone else, and the admin role from `ADMIN_EMAILS`.
 */
export { requireAdmin, requireOwnerOrAdmin } from './guards';
export { adminEmails, isAdmin, unclaimedAdminEmails } from './roles';

/**
 * Who may call a route beyond being signed in (docs/security.md): `require*` guards that answer 401
 * without a session and 403 for someone else, and the admin role from `ADMIN_EMAILS` (accounts that exist at start).
 */
export { requireAdmin, requireOwnerOrAdmin } from './guards';
export { type Admins, adminEmails, isAdmin, startupAdmins } from './roles';

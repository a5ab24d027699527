import { type H3Event, createError } from 'h3';

import { type Account, requireUser } from '../auth';
import { isAdmin } from './roles';

function forbidden(message: string): never {
  throw createError({ statusCode: 403, statusMessage: 'Forbidden', message });
}

/**
 * The signed-in admin: 401 without a valid session, 403 for any other account.
 * @status 401 No valid session.
 * @status 403 The account is not an admin.
 */
export async function requireAdmin(event: H3Event): Promise<Account> {
  const account = await requireUser(event);
  if (!(await isAdmin(account))) forbidden('Only an admin may do this');
  return account;
}

/**
 * The signed-in account when it owns the record (`ownerId` is its id) or is an admin: 401 without
 * a valid session, 403 for anyone else. Call it before reading the record, so a stranger learns
 * nothing, not even whether the id exists.
 * @status 401 No valid session.
 * @status 403 Another account, not an admin.
 */
export async function requireOwnerOrAdmin(event: H3Event, ownerId: number): Promise<Account> {
  const account = await requireUser(event);
  if (account.id !== ownerId && !(await isAdmin(account)))
    forbidden('Only its owner or an admin may do this');
  return account;
}

import type { H3Event } from 'h3';

import { type Account, requireUser } from '../auth';
import { countAttempt } from '../rate-limit';
import { uploadRateLimit } from './quota';
import { endUnreadBody } from './receive';

/**
 * The guard of `POST /api/v1/files`: the signed-in account, or 401 without a session, and 429
 * once the account or the client's address has sent `uploadRateLimit()` uploads in its window
 * (every attempt counts). A refusal ends the unread body by `endUnreadBody`.
 * @status 401 No valid session.
 * @status 429 Too many uploads from this account or address; see `Retry-After`.
 */
export async function requireUploader(event: H3Event): Promise<Account> {
  try {
    const account = await requireUser(event);
    await countAttempt(event, uploadRateLimit(), String(account.id));
    return account;
  } catch (error) {
    endUnreadBody(event);
    throw error;
  }
}

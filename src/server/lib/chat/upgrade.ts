import { createEvent } from 'h3';
import { type IncomingMessage, ServerResponse } from 'node:http';

import { currentSession } from '../auth';
import { addressCallerKey, appOrigin, callerKey } from '../../../modules/request';
import type { ChatContext, UpgradeRequest } from './hooks';
import { chatSettings } from './settings';
import { accountConnections, chatConnections } from './slots';

/**
 * Node's request behind crossws's upgrade request, so the app's own helpers (session, origin,
 * client address) read it as they read any request. Private API (checked against crossws@0.3.5):
 * the node adapter's upgrade request keeps Node's request as `_req`.
 */
function nodeRequest(request: UpgradeRequest): IncomingMessage {
  const req = (request as { _req?: IncomingMessage })._req;
  if (!req) throw new Error('crossws no longer exposes the upgrade request as `_req`');
  return req;
}

/**
 * A refusal as crossws sends it instead of switching protocols: a JSON body as h3 answers
 * errors. crossws 0.3.5 percent-encodes every header value it writes (`application/json` would
 * go out as `application%2Fjson`), so only headers whose values are plain tokens are set.
 */
function refusal(status: number, statusText: string, message: string, retryAfter?: number) {
  const body = JSON.stringify({ statusCode: status, statusMessage: statusText, message });
  const headers = { 'content-length': String(Buffer.byteLength(body)), 'cache-control': 'no-store' };
  return new Response(body, {
    status,
    statusText,
    headers: retryAfter ? { ...headers, 'retry-after': String(retryAfter) } : headers,
  });
}

/**
 * The guard of the chat's upgrade: throws the refusal (crossws sends it and closes), else records
 * who connects in the peer's context. In order, cheapest first:
 * - 403 unless `Origin` is the app's own: a page of another site can open a WebSocket to any
 *   server with the user's cookies, and the browser never asks CORS (cross-site WebSocket
 *   hijacking). Browsers always send `Origin` on a WebSocket; other clients must too;
 * - 503 (`Retry-After: 5`) over `maxConnections` open in this process, 429 (`Retry-After: 30`)
 *   over `maxConnectionsPerAddress` from one client address;
 * - 401 without a live session, 429 over `maxConnectionsPerAccount` open for its account here.
 * @status 401 No session.
 * @status 403 `Origin` is not this site.
 * @status 429 This client address, or this account, holds its maximum of open chats.
 * @status 503 This process holds its maximum of open chats.
 */
export async function requireChatUpgrade(request: UpgradeRequest & { context: Record<string, unknown> }) {
  const req = nodeRequest(request);
  const event = createEvent(req, new ServerResponse(req));
  if (request.headers.get('origin') !== appOrigin(event))
    throw refusal(403, 'Forbidden', 'Open the chat from this site only');
  const { maxConnections, maxConnectionsPerAddress, maxConnectionsPerAccount } = chatSettings();
  const address = addressCallerKey(event);
  if (chatConnections.total() >= maxConnections)
    throw refusal(503, 'Service Unavailable', 'Too many open chats; try again shortly', 5);
  if (chatConnections.of(address) >= maxConnectionsPerAddress)
    throw refusal(429, 'Too Many Requests', `At most ${maxConnectionsPerAddress} open chats per client`, 30);
  const session = await currentSession(event);
  if (!session) throw refusal(401, 'Unauthorized', 'Sign in first');
  // The session read set `event.context.userId`: the caller is the account now.
  const account = callerKey(event);
  if (accountConnections.of(account) >= maxConnectionsPerAccount)
    throw refusal(429, 'Too Many Requests', `At most ${maxConnectionsPerAccount} open chats per account`, 30);
  const context: ChatContext = { sessionId: session.id, userId: session.account.id, address, account };
  Object.assign(request.context, context);
}

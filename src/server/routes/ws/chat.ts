/** WebSocket: two-way messages between signed-in users, in order, across workers and instances */
// WS /ws/chat
import { defineWebSocketHandler } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

import { joinChat, leaveChat, receiveChatFrame, requireChatUpgrade } from '../../lib/chat';

/**
 * The upgrade is refused unless it comes from this site with a session; then JSON frames both
 * ways: `history` on open, each `message` to every peer, `error` for a refused frame. A plain
 * HTTP request gets h3's 426. See docs/websockets.md.
 */
defineRouteMeta({
  openAPI: {
    security: [{ session: [] }],
    'x-access': 'signed-in',
    'x-limits':
      'Frame ≤ 4 KiB; 20 frames per 10 s per connection, 30 per account; 10 connections per address and per account, 1,000 per process; 256 KiB unread closes a connection; its session ending closes it within 1 s.',
    'x-websocket': true,
    responses: {
      101: { description: 'Switching to the WebSocket protocol.' },
      401: { description: 'No session.' },
      403: { description: '`Origin` is not this site.' },
      426: { description: 'A plain HTTP request: open a WebSocket.' },
      429: { description: 'This client address, or this account, holds its maximum of open chats.' },
      503: { description: 'This process holds its maximum of open chats.' },
    },
  },
});

export default defineWebSocketHandler({
  upgrade: requireChatUpgrade,
  open: joinChat,
  message: receiveChatFrame,
  close: leaveChat,
});

/** WebSocket: two-way messages between signed-in users, in order, across workers and instances */
// WS /ws/chat
// Access: signed-in. Limits: Frame ≤ 4 KiB; 20 frames per 10 s per connection, 30 per account; 10 connections per address and per account, 1,000 per process; 256 KiB unread closes a connection; its session ending closes it within 1 s.
// 101: Switching to the WebSocket protocol. 426: A plain HTTP request: open a WebSocket.
import { defineWebSocketHandler } from 'h3';

import { joinChat, leaveChat, receiveChatFrame, requireChatUpgrade } from '../../lib/chat';

/**
 * The upgrade is refused unless it comes from this site with a session; then JSON frames both
 * ways: `history` on open, each `message` to every peer, `error` for a refused frame. A plain
 * HTTP request gets h3's 426. See docs/websockets.md.
 */
export default defineWebSocketHandler({
  upgrade: requireChatUpgrade,
  open: joinChat,
  message: receiveChatFrame,
  close: leaveChat,
});

/** A chat over WebSocket between signed-in users, across workers and instances (docs/websockets.md). */
export { purgeChatMessages } from './purge';
export { closeChat, joinChat, leaveChat, receiveChatFrame } from './room';
export { requireChatUpgrade } from './upgrade';

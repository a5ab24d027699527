/**
 * The chat's protocol (`/ws/chat`, docs/websockets.md): what the page and the server send each
 * other, one JSON object per WebSocket text frame, and the limits both sides know.
 */
export const chatLimits = {
  /** A frame over this many bytes closes the connection with 1009 (Message Too Big). */
  maxFrameBytes: 4 * 1024,
  /** Characters of one message, after trimming. */
  maxTextLength: 500,
  /** Frames one connection may send per `rateWindowMs`; one more closes it with 1008 (Policy Violation). */
  maxFramesPerWindow: 20,
  rateWindowMs: 10_000,
  /** The newest messages a connection gets when it opens. */
  history: 50,
} as const;

/** What a client sends: one message, 1 to 500 characters once trimmed (validated by lib/chat/frame.ts). */
export interface ChatClientFrame {
  type: 'message';
  text: string;
}

/** One stored message: its server id (the order everyone sees), the sender's display name, the server's time. */
export interface ChatMessage {
  id: string;
  name: string;
  text: string;
  at: string;
}

/**
 * What the server sends: `history` once, as the connection opens (the newest 50, oldest first);
 * then each `message` as it is stored, in id order, once; `error` for a frame it refused (the
 * connection stays open).
 */
export type ChatServerFrame =
  | { type: 'history'; messages: ChatMessage[] }
  | ({ type: 'message' } & ChatMessage)
  | { type: 'error'; message: string };

/** WebSocket close codes the server uses (RFC 6455, 7.4.1). */
export const chatCloseCodes = {
  /** The server is shutting down (a drain): reconnect, to another instance by then. */
  goingAway: 1001,
  /** Over the frame rate, too far behind in reading, or the session ended: the client should not simply resend. */
  policyViolation: 1008,
  /** A frame over `maxFrameBytes`. */
  tooBig: 1009,
  /** Over the process's connection cap after the upgrade: try again later. */
  tryAgainLater: 1013,
} as const;

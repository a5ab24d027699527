import type { defineWebSocketHandler } from 'h3';

/** crossws's hooks as h3 takes them (crossws is h3's dependency, not the app's). */
export type ChatHooks = Required<Parameters<typeof defineWebSocketHandler>[0]>;
/** One connection. */
export type ChatPeer = Parameters<ChatHooks['open']>[0];
/** One frame a peer sent. */
export type ChatFrame = Parameters<ChatHooks['message']>[1];
/** The upgrade request, before there is a peer. */
export type UpgradeRequest = Parameters<ChatHooks['upgrade']>[0];

/** What the upgrade learnt, kept in `peer.context` for the connection's life. */
export interface ChatContext {
  sessionId: string;
  userId: number;
  /** Who the per-address cap counts it against (`addressCallerKey`), and the per-account ones (`callerKey`). */
  address: string;
  account: string;
}

import { useRuntimeConfig } from 'nitropack/runtime';

/** `chat` of the runtime config (vite.config.ts), each key set by its env var: CHAT_PING_SECONDS, … */
export interface ChatSettings {
  /** Seconds between the server's pings; a peer that has not answered the last one is cut off. */
  pingSeconds: number;
  /** Open connections per process; over it, 503. */
  maxConnections: number;
  /** Open connections per client address; over it, 429. */
  maxConnectionsPerAddress: number;
  /** Open connections per account in this process; over it, 429. */
  maxConnectionsPerAccount: number;
  /** Frames all of an account's connections in this process may send per 10 s; one more closes the sender with 1008. */
  maxFramesPerAccount: number;
  /** Bytes a connection may leave unsent (a client that stopped reading); past them it is closed with 1008. */
  maxBufferedBytes: number;
}

let settings: ChatSettings | undefined;

/** Read once. */
export const chatSettings = (): ChatSettings => (settings ??= useRuntimeConfig()['chat'] as ChatSettings);

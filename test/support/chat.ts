import WebSocket from 'ws';

import type { ChatServerFrame } from '../../src/shared/chat';

/** A chat connection as a spec drives it: the frames it got, its close, and waits on both. */
export interface ChatClient {
  socket: WebSocket;
  frames: ChatServerFrame[];
  /** The texts of the `message` frames, in order. */
  texts: () => string[];
  send: (frame: unknown) => void;
  /** Resolves once `done` holds for the frames so far; rejects after `timeoutMs`, naming `what`. */
  until: (what: string, done: (frames: ChatServerFrame[]) => boolean, timeoutMs?: number) => Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
  close: () => Promise<void>;
}

/** The `Origin` a browser on the app's page sends: the server's own. */
export const ownOrigin = (baseUrl: string) => new URL(baseUrl).origin;

/** Why an upgrade was refused: its status and JSON body. */
export interface Refusal {
  status: number;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

const wsUrl = (baseUrl: string) => `${baseUrl.replace(/^http/, 'ws')}/ws/chat`;

/**
 * Opens `/ws/chat` on `baseUrl` with the session `cookie`, from `origin` (the server's own by
 * default) and with any other `headers`; resolves once it is open (the history frame may still
 * be on its way).
 */
export function openChat(
  baseUrl: string,
  cookie: string,
  origin = ownOrigin(baseUrl),
  path = '/ws/chat',
  headers: Record<string, string> = {},
): Promise<ChatClient> {
  const socket = new WebSocket(wsUrl(baseUrl).replace(/\/ws\/chat$/, path), {
    headers: { ...headers, cookie, origin },
  });
  const frames: ChatServerFrame[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as ChatServerFrame);
    for (const check of waiters) check();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const client: ChatClient = {
    socket,
    frames,
    texts: () => frames.flatMap((frame) => (frame.type === 'message' ? [frame.text] : [])),
    send: (frame) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    until: (what, done, timeoutMs = 10_000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!done(frames)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${what}; got ${JSON.stringify(frames).slice(-2_000)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    closed,
    close: async () => {
      socket.close();
      await closed;
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => {
        const refusal: Refusal = {
          status: response.statusCode ?? 0,
          body: body ? (JSON.parse(body) as unknown) : undefined,
          headers: response.headers,
        };
        reject(Object.assign(new Error(`upgrade refused with ${refusal.status}`), { refusal }));
      });
    });
    socket.once('error', reject);
  });
}

/** The refusal of an upgrade that is expected to fail. */
export async function refusedChat(
  baseUrl: string,
  cookie: string,
  origin?: string,
  path?: string,
  headers?: Record<string, string>,
): Promise<Refusal> {
  try {
    const client = await openChat(baseUrl, cookie, origin, path, headers);
    await client.close();
  } catch (error) {
    const { refusal } = error as { refusal?: Refusal };
    if (refusal) return refusal;
    throw error;
  }
  throw new Error('the upgrade was accepted');
}

/** Opens a chat and waits for its history frame. */
export async function joinedChat(baseUrl: string, cookie: string): Promise<ChatClient> {
  const client = await openChat(baseUrl, cookie);
  await client.until('history', (frames) => frames[0]?.type === 'history');
  return client;
}

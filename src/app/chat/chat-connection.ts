import { isPlatformBrowser } from '@angular/common';
import { DestroyRef, PLATFORM_ID, afterNextRender, inject, signal } from '@angular/core';

import { type ChatMessage, type ChatServerFrame, chatCloseCodes } from '../../shared/chat';

/** Where the connection is; the page says it in words (`role="status"`). */
export type ChatState =
  | { kind: 'connecting' }
  | { kind: 'open' }
  | { kind: 'reconnecting'; inSeconds: number }
  | { kind: 'signed-out' };

/** Messages the page keeps; older ones scroll away. */
const keptMessages = 200;
/** The first retry after a drop, doubled per failed attempt up to `maxRetryMs`, with jitter. */
const firstRetryMs = 1_000;
const maxRetryMs = 30_000;

/** `min(max, first · 2^attempt)`, somewhere in its upper half, so a server's clients do not all come back at once. */
export function retryDelayMs(attempt: number, random = Math.random()): number {
  const ceiling = Math.min(maxRetryMs, firstRetryMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}

/** Adds `incoming` to `kept` once each, in id order, the newest `keptMessages`. */
export function mergeMessages(kept: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(kept.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => Number(a.id) - Number(b.id)).slice(-keptMessages);
}

/**
 * The chat's WebSocket (`/ws/chat`), in the browser only: the messages, the connection state
 * and the last refused frame as signals, and `send`. After a drop it reconnects with backoff
 * (1 s, 2 s, 4 s … 30 s); the history frame of the new connection fills any gap, merged by id.
 * It opens only for a visitor `/api/v1/me` knows; a connection that never opened may have been
 * refused for want of a session too (it ended meanwhile): `/api/v1/me` says again, and the page
 * then offers to sign in instead of retrying. Closed when the page is left.
 */
export function injectChat() {
  const messages = signal<ChatMessage[]>([]);
  const state = signal<ChatState>({ kind: 'connecting' });
  const error = signal('');
  let socket: WebSocket | undefined;

  if (isPlatformBrowser(inject(PLATFORM_ID))) {
    const destroyRef = inject(DestroyRef);
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let left = false;

    const reconnect = async (opened: boolean) => {
      if (!opened && (await fetch('/api/v1/me')).status === 401) {
        state.set({ kind: 'signed-out' });
        return;
      }
      const delay = retryDelayMs(attempt++);
      state.set({ kind: 'reconnecting', inSeconds: Math.ceil(delay / 1_000) });
      retry = setTimeout(open, delay);
    };

    const open = () => {
      const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
      const current = new WebSocket(`${scheme}://${location.host}/ws/chat`);
      socket = current;
      let opened = false;
      state.set({ kind: 'connecting' });
      current.addEventListener('open', () => {
        opened = true;
        attempt = 0;
        state.set({ kind: 'open' });
      });
      current.addEventListener('message', ({ data }) => {
        const frame = JSON.parse(String(data)) as ChatServerFrame;
        if (frame.type === 'history') messages.update((kept) => mergeMessages(kept, frame.messages));
        else if (frame.type === 'message') messages.update((kept) => mergeMessages(kept, [frame]));
        else error.set(frame.message);
      });
      current.addEventListener('close', ({ code }) => {
        if (left) return;
        // A draining server: another one is up already, so the first retry comes soon.
        if (code === chatCloseCodes.goingAway) attempt = 0;
        reconnect(opened).catch(() => reconnect(true));
      });
    };

    // A signed-out visitor gets the offer to sign in without a refused upgrade first (which the
    // browser would log as an error); one that can't tell tries the socket anyway.
    const start = async () => {
      const me = await fetch('/api/v1/me').catch(() => undefined);
      if (me?.status === 401) state.set({ kind: 'signed-out' });
      else open();
    };
    afterNextRender(() => void start());
    destroyRef.onDestroy(() => {
      left = true;
      clearTimeout(retry);
      socket?.close();
    });
  }

  return {
    messages: messages.asReadonly(),
    state: state.asReadonly(),
    error: error.asReadonly(),
    /** Sends `text`; false when the connection is not open (the page keeps the draft). */
    send(text: string): boolean {
      if (socket?.readyState !== WebSocket.OPEN) return false;
      error.set('');
      socket.send(JSON.stringify({ type: 'message', text }));
      return true;
    },
  };
}

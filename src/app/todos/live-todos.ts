import { isPlatformBrowser } from '@angular/common';
import { DestroyRef, PLATFORM_ID, afterNextRender, inject } from '@angular/core';
import { type QueryKey, QueryClient } from '@tanstack/angular-query-experimental';

/**
 * The events of `GET /api/v1/todos/events` after which the list may differ from the cached one:
 * each change and `reset` (events were missed). `ready` too, unless it names the last event the list
 * holds: changes were made between the list's read and the stream's start.
 */
const changeEvents = ['reset', 'created', 'updated', 'deleted'];

/** How long the page waits before it opens a stream the server refused: its `Retry-After` for a 429. */
const refusedRetryMs = 30_000;

/**
 * Keeps the todos live: in the browser only (no stream during server rendering), an EventSource
 * invalidates the queries under `queryKey` on every change, so TanStack Query refetches the list
 * in whatever shape the page holds it. EventSource reconnects by itself and sends `Last-Event-ID`, so the server
 * replays what happened meanwhile. Closed when the component is destroyed (the page is left).
 * `listedThrough` is the id of the newest event the list held when it was read, if known (the
 * page's loader): a `ready` naming it costs no refetch, on hydration or after a reconnect.
 */
export function injectLiveTodos(queryKey: QueryKey, listedThrough: () => string | undefined): void {
  // Analog's server renderer runs `afterNextRender` too, and has no EventSource.
  if (!isPlatformBrowser(inject(PLATFORM_ID))) return;
  const queryClient = inject(QueryClient);
  const destroyRef = inject(DestroyRef);
  afterNextRender(() => {
    const refresh = () => queryClient.invalidateQueries({ queryKey });
    let seen = listedThrough();
    let source: EventSource;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      source = new EventSource('/api/v1/todos/events');
      // Each event's id is the newest change the stream has brought.
      const changed = ({ lastEventId }: MessageEvent) => {
        seen = lastEventId;
        void refresh();
      };
      for (const type of changeEvents) source.addEventListener(type, changed);
      source.addEventListener('ready', (event) => {
        if (event.lastEventId !== seen) changed(event);
      });
      // After a dropped connection EventSource reconnects by itself; after a refusal (429 or
      // 503: too many streams) it gives up, so the page tries again later.
      source.addEventListener('error', () => {
        if (source.readyState === EventSource.CLOSED) retry = setTimeout(open, refusedRetryMs);
      });
    };
    open();
    destroyRef.onDestroy(() => {
      clearTimeout(retry);
      source.close();
    });
  });
}

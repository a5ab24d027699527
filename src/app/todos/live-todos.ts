import { isPlatformBrowser } from '@angular/common';
import { DestroyRef, PLATFORM_ID, afterNextRender, inject } from '@angular/core';
import { type QueryKey, QueryClient } from '@tanstack/angular-query-experimental';

/**
 * The events of `GET /api/v1/todos/events` after which the list may differ from the cached one:
 * each change, `reset` (events were missed), and `ready` (changes made before the stream began).
 */
const listEvents = ['ready', 'reset', 'created', 'updated', 'deleted'];

/** How long the page waits before it opens a stream the server refused: its `Retry-After` for a 429. */
const refusedRetryMs = 30_000;

/**
 * Keeps the todos live: in the browser only (no stream during server rendering), an EventSource
 * invalidates the queries under `queryKey` on every change, so TanStack Query refetches the list
 * in whatever shape the page holds it. EventSource reconnects by itself and sends `Last-Event-ID`, so the server
 * replays what happened meanwhile. Closed when the component is destroyed (the page is left).
 */
export function injectLiveTodos(queryKey: QueryKey): void {
  // Analog's server renderer runs `afterNextRender` too, and has no EventSource.
  if (!isPlatformBrowser(inject(PLATFORM_ID))) return;
  const queryClient = inject(QueryClient);
  const destroyRef = inject(DestroyRef);
  afterNextRender(() => {
    const refresh = () => queryClient.invalidateQueries({ queryKey });
    let source: EventSource;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      source = new EventSource('/api/v1/todos/events');
      for (const type of listEvents) source.addEventListener(type, refresh);
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

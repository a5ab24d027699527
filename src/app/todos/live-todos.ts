import { isPlatformBrowser } from '@angular/common';
import { DestroyRef, PLATFORM_ID, afterNextRender, inject } from '@angular/core';
import { QueryClient } from '@tanstack/angular-query-experimental';

import { todosQueryKey } from './todos-query';

/**
 * The events of `GET /api/v1/todos/events` after which the list may differ from the cached one:
 * each change, `reset` (events were missed), and `ready` (changes made before the stream began).
 */
const listEvents = ['ready', 'reset', 'created', 'updated', 'deleted'];

/**
 * Keeps the todos live: in the browser only (no stream during server rendering), an EventSource
 * invalidates the todos query on every change, so TanStack Query refetches it in whatever shape
 * the page holds it. EventSource reconnects by itself and sends `Last-Event-ID`, so the server
 * replays what happened meanwhile. Closed when the component is destroyed (the page is left).
 */
export function injectLiveTodos(): void {
  // Analog's server renderer runs `afterNextRender` too, and has no EventSource.
  if (!isPlatformBrowser(inject(PLATFORM_ID))) return;
  const queryClient = inject(QueryClient);
  const destroyRef = inject(DestroyRef);
  afterNextRender(() => {
    const source = new EventSource('/api/v1/todos/events');
    const refresh = () => queryClient.invalidateQueries({ queryKey: todosQueryKey });
    for (const type of listEvents) source.addEventListener(type, refresh);
    destroyRef.onDestroy(() => source.close());
  });
}

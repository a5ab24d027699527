import { type H3Event, sendStream, setResponseHeaders } from 'h3';
import { Readable } from 'node:stream';

/** One server-sent event, as EventSource dispatches it: `type` is its `event:` field. */
export interface ServerSentEvent {
  id: number | string;
  type: string;
  data: string;
  retry?: number;
}

/** The `text/event-stream` text of `events`, one string that any number of streams can send. */
export function encodeEvents(events: ServerSentEvent[]): string {
  let text = '';
  for (const { id, type, data, retry } of events) {
    text += `id: ${id}\nevent: ${type}\n${retry === undefined ? '' : `retry: ${retry}\n`}`;
    text += `data: ${data.split(/\r\n|\r|\n/).join('\ndata: ')}\n\n`;
  }
  return text;
}

/**
 * A body that pulls: `pull` runs once the client took what it had, `push` answers false while it holds a chunk
 * (h3 1.x's `createEventStream` writes all it is given: a client that never reads would pin it all in memory).
 */
export const pullSource = (pull: () => void) =>
  new Readable({ objectMode: true, highWaterMark: 1, read: pull });

/** `body` as an uncached `text/event-stream` nginx does not buffer; `pipe` pauses it while the socket is full. */
export function sendEventStream(event: H3Event, body: Readable): Promise<void> {
  setResponseHeaders(event, {
    'content-type': 'text/event-stream',
    'cache-control': 'private, no-cache, no-store, no-transform, must-revalidate, max-age=0',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  return sendStream(event, body);
}

import { type IncomingHttpHeaders, type IncomingMessage, get } from 'node:http';

/** One server-sent event as EventSource would dispatch it (`event` defaults to `message`). */
export interface ServerSentEvent {
  id?: string;
  event: string;
  data: string;
  retry?: number;
}

export interface EventStreamClient {
  status: number;
  headers: IncomingHttpHeaders;
  /** Every event so far, in arrival order. */
  events: ServerSentEvent[];
  /** Every comment line so far (`: heartbeat`), without the colon. */
  comments: string[];
  /** The body of a response that is no stream (a 503, say), once it ended. */
  body: () => Promise<string>;
  /**
   * Resolves once `done(events)` holds, checked after every event and comment; rejects after `timeoutMs`,
   * naming `what` and how many events had come.
   */
  until: (what: string, done: (events: ServerSentEvent[]) => boolean, timeoutMs?: number) => Promise<void>;
  /** Resolves once `count` events of `type` came. */
  waitForEvents: (type: string, count: number, timeoutMs?: number) => Promise<ServerSentEvent[]>;
  /** Drops the connection, as a closed tab or a lost network would. */
  close: () => void;
}

/**
 * Parses `text/event-stream` as the HTML standard says: fields up to a blank line make one event,
 * lines starting with `:` are comments. Feeds whole lines only; `flush` keeps the rest.
 */
function eventParser(onEvent: (event: ServerSentEvent) => void, onComment: (text: string) => void) {
  let buffer = '';
  let fields: { id?: string; event?: string; data: string[]; retry?: number } = { data: [] };
  return (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') {
        if (fields.data.length || fields.id !== undefined || fields.event !== undefined) {
          onEvent({
            event: fields.event ?? 'message',
            data: fields.data.join('\n'),
            ...(fields.id === undefined ? {} : { id: fields.id }),
            ...(fields.retry === undefined ? {} : { retry: fields.retry }),
          });
        }
        fields = { data: [] };
        continue;
      }
      if (line.startsWith(':')) {
        onComment(line.slice(1).trim());
        continue;
      }
      const colon = line.indexOf(':');
      const name = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (name === 'data') fields.data.push(value);
      else if (name === 'id') fields.id = value;
      else if (name === 'event') fields.event = value;
      else if (name === 'retry') fields.retry = Number(value);
    }
  };
}

/**
 * Opens `path` on its own connection (no keep-alive pool, so `node-cluster` spreads streams over
 * its workers) and collects what the server sends. `fetch` would do too, but the server suite's
 * contract check reads every fetched body to its end, which a live stream never reaches.
 */
export function openEventStream(
  baseUrl: string,
  { path = '/api/v1/todos/events', headers = {} }: { path?: string; headers?: Record<string, string> } = {},
): Promise<EventStreamClient> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = get({ hostname, port, path, headers, agent: false }, (response: IncomingMessage) => {
      const events: ServerSentEvent[] = [];
      const comments: string[] = [];
      const waiters = new Set<() => void>();
      let text = '';
      const ended = new Promise<void>((done) => response.on('close', () => done()));
      const parse = eventParser(
        (event) => {
          events.push(event);
          for (const waiter of waiters) waiter();
        },
        (comment) => {
          comments.push(comment);
          for (const waiter of waiters) waiter();
        },
      );
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        parse(chunk);
      });
      response.on('error', () => undefined);

      const until: EventStreamClient['until'] = (what, done, timeoutMs = 10_000) =>
        new Promise((resolveWait, rejectWait) => {
          const check = () => {
            if (!done(events)) return;
            cleanup();
            resolveWait();
          };
          const timer = setTimeout(() => {
            cleanup();
            rejectWait(new Error(`No ${what} within ${timeoutMs} ms (${events.length} events came)`));
          }, timeoutMs);
          const cleanup = () => {
            clearTimeout(timer);
            waiters.delete(check);
          };
          waiters.add(check);
          check();
        });

      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        events,
        comments,
        body: async () => {
          await ended;
          return text;
        },
        until,
        waitForEvents: async (type, count, timeoutMs) => {
          const ofType = () => events.filter((event) => event.event === type);
          await until(`${count} ${type} events`, () => ofType().length >= count, timeoutMs);
          return ofType();
        },
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

import { getRequestHeader, type H3Event } from 'h3';
import { useRuntimeConfig } from 'nitropack/runtime';
import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type pg from 'pg';

import { databaseUrl, oneReadAtATime, useDatabase } from '../db';
import { eventsAfter, keepsEventsAfter, newestEventId, type TodoEvent } from './event-log';
import { encodeEvents, heartbeatComment, pullSource, sendEventStream } from './event-stream';
import { holdStreamSlot, requireStreamSlot } from './stream-slots';

/**
 * One open stream: where its client is in the log, and whether it has room for more. A stream
 * is fed by the fan-out (`live`) only while it is caught up and has room; otherwise it reads
 * the log itself, a page at a time, when its client has taken the last one.
 */
interface Subscriber {
  body: Readable;
  res: ServerResponse;
  position: number;
  /** The body is below its high-water mark: false from a `push` that filled it to the next `pull`. */
  room: boolean;
  /** A page read of its own is under way. */
  paging: boolean;
  closed: boolean;
  /** Ends the stream unless its client takes something within `stallSeconds`. */
  stall?: NodeJS.Timeout;
}

/** How long a browser waits before reconnecting (`retry:`, sent once). */
const retryMs = 2_000;
/** The same, sent as a stream ends because this server stops: the others can take it at once. */
const drainRetryMs = 500;
/** How often a SQLite process asks whether another process committed. */
const dataVersionMs = 100;
/** Rows the fan-out reads per query, for every live stream at once. */
const page = 1_000;
/** Rows a stream that is catching up reads per query: 4-18 KB of text, what each stream holds. */
const replayPage = 25;

const subscribers = new Set<Subscriber>();
/** The subscribers that have caught up and have room: each new event goes straight to them. */
const live = new Set<Subscriber>();
/** The newest event id this process has read and handed to `live`. */
let head = 0;
let timers: NodeJS.Timeout[] = [];

interface Settings {
  maxStreams: number;
  maxStreamsPerAddress: number;
  heartbeatSeconds: number;
  stallSeconds: number;
}
let settings: Settings | undefined;
/** `todoEvents` of the runtime config (vite.config.ts), read once. */
const config = () => (settings ??= useRuntimeConfig()['todoEvents'] as Settings);

const toMessages = (events: TodoEvent[]) =>
  events.map(({ id, type, data }) => ({ id: String(id), event: type, data }));

/**
 * Hands `chunk` to the stream's body. When the body is full, the stream leaves the fan-out and
 * gets `stallSeconds` to take something before it is cut off; memory stays bounded either way.
 */
function send(subscriber: Subscriber, chunk: string | Buffer): void {
  subscriber.room = subscriber.body.push(chunk);
  if (subscriber.room) return;
  live.delete(subscriber);
  subscriber.stall ??= setTimeout(() => subscriber.res.destroy(), config().stallSeconds * 1_000);
}

/**
 * Sends `events` after the subscriber's position, in order; the rest it has already had. `shared`
 * is all of `events` encoded once, sent as it is to every stream that had none of them yet:
 * bytes, so no socket encodes them again.
 */
function deliver(subscriber: Subscriber, events: TodoEvent[], shared?: Buffer): void {
  const fresh = events.filter(({ id }) => id > subscriber.position);
  if (!fresh.length || subscriber.closed) return;
  subscriber.position = fresh[fresh.length - 1].id;
  send(subscriber, shared && fresh.length === events.length ? shared : encodeEvents(toMessages(fresh)));
}

/** Reads what was committed since `head` and fans it out to every live stream. */
async function readNewEvents(): Promise<void> {
  const db = await useDatabase();
  for (;;) {
    if (!live.size) {
      // Nobody to feed: skip to the newest id instead of reading rows no one gets, unless a
      // stream went live during the query (it must get every row after its position). Streams
      // that are catching up read their own rows.
      const newest = await newestEventId(db);
      if (!live.size) {
        head = Math.max(head, newest);
        return;
      }
    }
    const events = await eventsAfter(db, head, page);
    if (!events.length) return;
    head = events[events.length - 1].id;
    const shared = Buffer.from(encodeEvents(toMessages(events)));
    for (const subscriber of live) deliver(subscriber, events, shared);
    if (events.length < page) return;
  }
}

/**
 * Brings `head` up to the database, one read at a time: a wake-up during a read runs one more
 * read after it, so a burst of commits costs a query or two, not one per commit.
 */
const catchUp = oneReadAtATime(readNewEvents);

let turns: Promise<void> = Promise.resolve();
/**
 * Waits for this stream's turn to read another page: one page per turn of the event loop, for all
 * streams together, in the order they asked. A fresh socket takes megabytes before it is full
 * (the kernel's buffers), and hundreds of them must not keep other requests waiting meanwhile.
 */
const replayTurn = () => (turns = turns.then(() => nextTurn()));

/**
 * Brings one stream up to `head` a page at a time while its client takes them, then hands it to
 * the fan-out. It stops as soon as the body is full; the body's next `pull` calls it again. When
 * the events it needs were deleted meanwhile (it fell a whole window behind), the stream ends:
 * its client reconnects with `Last-Event-ID` and is told to `reset`.
 */
async function pageIn(subscriber: Subscriber): Promise<void> {
  if (subscriber.paging) return;
  subscriber.paging = true;
  try {
    const db = await useDatabase();
    while (subscriber.room && !subscriber.closed) {
      // No await between this check and `live.add`: no event can slip past.
      if (subscriber.position >= head) {
        live.add(subscriber);
        return;
      }
      await replayTurn();
      if (subscriber.closed) return;
      const after = subscriber.position;
      const events = await eventsAfter(db, after, replayPage);
      if (!events.length || (events[0].id > after + 1 && !(await keepsEventsAfter(db, after, head)))) {
        end(subscriber);
        return;
      }
      deliver(subscriber, events);
    }
  } finally {
    subscriber.paging = false;
  }
}

/** Ends the stream once its client has what was sent; nothing more goes to it. */
function end(subscriber: Subscriber): void {
  subscriber.closed = true;
  live.delete(subscriber);
  subscriber.body.push(null);
}

/**
 * The client took what it had: it has room again and, unless the fan-out feeds it, reads on
 * from where it is. (The body asks after every chunk it passes on, live ones too.)
 */
function pull(subscriber: Subscriber): void {
  subscriber.room = true;
  clearTimeout(subscriber.stall);
  subscriber.stall = undefined;
  if (!live.has(subscriber)) pageIn(subscriber).catch(() => subscriber.res.destroy());
}

/** Wakes the fan-out after a todo was written through this process (a cheap no-op without streams). */
export function announceTodoChange(): void {
  if (subscribers.size) catchUp().catch(() => undefined);
}

/** PostgreSQL's dedicated `LISTEN` connection, once the first stream opened; `null` after shutdown. */
let listener: pg.Client | undefined | null;

/**
 * PostgreSQL: one dedicated connection per process `LISTEN`s on `todo_events`; each commit's
 * `NOTIFY` carries the new id, and the rows are read from the table. When the connection drops
 * (a PostgreSQL restart) it reconnects every second, then reads what it missed meanwhile.
 */
async function listen(url: string): Promise<void> {
  const previous = listener;
  // Loaded with the first stream, not with the server: a server on SQLite has no use for pg.
  const { default: pg } = await import('pg');
  // Shut down meanwhile, or another call made the connection first.
  if (listener !== previous) return;
  const client = new pg.Client({ connectionString: url });
  listener = client;
  let dropped = false;
  const reconnect = () => {
    // `error` and `end`, or a failed connect and its `error`, may both report one drop.
    if (dropped) return;
    dropped = true;
    client.removeAllListeners();
    // A broken connection can still report its end; there is nothing left to handle then.
    client.on('error', () => undefined);
    client.end().catch(() => undefined);
    if (listener === client) setTimeout(() => listener === client && listen(url), 1_000).unref();
  };
  client.on('error', reconnect);
  client.on('notification', ({ payload }) => {
    if (Number(payload) > head) announceTodoChange();
  });
  try {
    await client.connect();
    await client.query('LISTEN todo_events');
    client.once('end', reconnect);
    announceTodoChange();
  } catch {
    reconnect();
  }
}

/**
 * SQLite: `PRAGMA data_version` changes when another connection (another `node-cluster` worker)
 * commits to the file, so a cheap check on a short timer notices without reading any table.
 * It is read as `pragma_data_version()`, since db0 answers rows only for a `SELECT`. The first
 * check always reads, for what was committed before the timer started.
 */
function watchDataVersion(): NodeJS.Timeout {
  let seen: unknown;
  return setInterval(() => {
    useDatabase()
      .then((db) => db.sql`SELECT data_version FROM pragma_data_version()`)
      .then(({ rows = [] }) => {
        const version = rows[0]?.['data_version'];
        if (version !== seen) announceTodoChange();
        seen = version;
      })
      .catch(() => undefined);
  }, dataVersionMs);
}

/** Starts what a process needs while it holds streams: the heartbeat, and a wake-up path. */
function startWatching(): void {
  const heartbeat = setInterval(() => {
    // Only to streams with nothing waiting: the others have traffic, or are stalled.
    for (const subscriber of subscribers) {
      const idle = subscriber.room && !subscriber.body.readableLength && !subscriber.res.writableNeedDrain;
      if (idle && !subscriber.closed) send(subscriber, heartbeatComment);
    }
  }, config().heartbeatSeconds * 1_000);
  const url = databaseUrl();
  if (url) {
    timers = [heartbeat];
    if (listener === undefined) listen(url).catch(() => undefined);
  } else {
    timers = [heartbeat, watchDataVersion()];
  }
}

function stopWatching(): void {
  for (const timer of timers) clearInterval(timer);
  timers = [];
}

/** Refuses a stream over the per-process or the per-address cap (`todoEvents` of the runtime config). */
export function requireTodoStreamSlot(event: H3Event): void {
  const { maxStreams, maxStreamsPerAddress } = config();
  requireStreamSlot(event, { max: maxStreams, maxPerAddress: maxStreamsPerAddress });
}

/**
 * The `Last-Event-ID` a reconnecting client sends (EventSource does it by itself): `undefined`
 * when there is none, `null` when it is no id of this log (the client must reload).
 */
function lastEventId(event: H3Event): number | undefined | null {
  const header = getRequestHeader(event, 'last-event-id');
  if (header === undefined || header === '') return undefined;
  return /^\d{1,15}$/.test(header) ? Number(header) : null;
}

/**
 * Starts a stream: `ready` (or `reset`, when the events after `after` are no longer kept) comes
 * first and carries `retry:` and the position; then the stream pages in what its client missed.
 */
async function start(subscriber: Subscriber, after: number | undefined | null): Promise<void> {
  const db = await useDatabase();
  await catchUp();
  const resumable = typeof after === 'number' && after <= head && (await keepsEventsAfter(db, after, head));
  subscriber.position = resumable ? after : head;
  send(
    subscriber,
    encodeEvents([
      {
        id: String(subscriber.position),
        event: resumable || after === undefined ? 'ready' : 'reset',
        retry: retryMs,
        data: JSON.stringify({ lastEventId: String(subscriber.position) }),
      },
    ]),
  );
  subscriber.paging = false;
  await pageIn(subscriber);
}

/**
 * Opens the todo event stream: every change after the client's `Last-Event-ID`, in order and
 * once, then live ones, until the client goes away, which frees everything at once. What the
 * server holds for it stays bounded: a page of the log and a socket's buffers.
 */
export function openTodoEventStream(event: H3Event): Promise<void> {
  const after = lastEventId(event);
  const release = holdStreamSlot(event);
  const res = event.node.res;
  // `paging` until `ready` is sent, so an early pull does not start paging before it.
  const subscriber: Subscriber = {
    body: pullSource(() => pull(subscriber)),
    res,
    position: 0,
    room: true,
    paging: true,
    closed: false,
  };
  subscribers.add(subscriber);
  if (subscribers.size === 1) startWatching();
  res.once('close', () => {
    subscriber.closed = true;
    clearTimeout(subscriber.stall);
    subscribers.delete(subscriber);
    live.delete(subscriber);
    release();
    subscriber.body.destroy();
    if (!subscribers.size) stopWatching();
  });
  start(subscriber, after).catch(() => res.destroy());
  return sendEventStream(event, subscriber.body);
}

/**
 * Ends every stream and the `LISTEN` connection, for a graceful shutdown (src/server/plugins/todo-events.ts).
 * A last `retry:` first: the browser comes back within a second, to another instance by then, and
 * its `Last-Event-ID` replays what it missed meanwhile.
 */
export async function closeTodoEventStreams(): Promise<void> {
  const client = listener;
  listener = null;
  for (const subscriber of subscribers) {
    if (!subscriber.closed) subscriber.body.push(`retry: ${drainRetryMs}\n\n`);
    end(subscriber);
  }
  await client?.end();
}

import type { Database } from 'db0';
import {
  createError,
  createEventStream,
  getRequestHeader,
  setResponseHeader,
  type EventStream,
  type H3Event,
} from 'h3';
import { useRuntimeConfig } from 'nitropack/runtime';
import pg from 'pg';

import { databaseUrl, useDatabase } from './db';

/** One row of `todo_events` (src/server/migrations/004-todo-events.ts): `data` is the todo as JSON text. */
export interface TodoEvent {
  id: number;
  type: 'created' | 'updated' | 'deleted';
  data: string;
}

/** One open stream: where its client is in the log, and whether the fan-out feeds it yet. */
interface Subscriber {
  stream: EventStream;
  event: H3Event;
  position: number;
  closed: boolean;
}

/** How long a browser waits before reconnecting (`retry:`, sent once). */
const retryMs = 2_000;
/** How often a SQLite process asks whether another process committed. */
const dataVersionMs = 100;
/** Rows read per query, when catching up. */
const page = 1_000;

const subscribers = new Set<Subscriber>();
/** The subscribers that have caught up: each new event goes straight to them. */
const live = new Set<Subscriber>();
/** The newest event id this process has read and handed to `live`. */
let head = 0;
let reading: Promise<void> | undefined;
let readAgain = false;
let timers: NodeJS.Timeout[] = [];

let settings: { maxStreams: number; heartbeatSeconds: number } | undefined;
/** `todoEvents` of the runtime config (vite.config.ts), read once. */
const config = () => (settings ??= useRuntimeConfig()['todoEvents'] as NonNullable<typeof settings>);

async function eventsAfter(db: Database, id: number): Promise<TodoEvent[]> {
  const { rows = [] } = await db.sql<{ rows: TodoEvent[] }>`SELECT id, type, data FROM todo_events
    WHERE id > ${id} ORDER BY id LIMIT ${page}`;
  // PostgreSQL answers a BIGSERIAL as a string.
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

async function newestAndOldest(db: Database): Promise<{ newest: number; oldest: number | null }> {
  const { rows = [] } = await db.sql`SELECT MAX(id) AS newest, MIN(id) AS oldest FROM todo_events`;
  const { newest, oldest } = rows[0] ?? {};
  return { newest: Number(newest ?? 0), oldest: oldest == null ? null : Number(oldest) };
}

/** Writes `events` after the subscriber's position, in order; the rest it has already had. */
function deliver(subscriber: Subscriber, events: TodoEvent[]): void {
  const fresh = events.filter(({ id }) => id > subscriber.position);
  if (!fresh.length || subscriber.closed) return;
  subscriber.position = fresh[fresh.length - 1].id;
  subscriber.stream
    .push(fresh.map(({ id, type, data }) => ({ id: String(id), event: type, data })))
    .catch(() => undefined);
}

/** Reads what was committed since `head` and fans it out to every live stream. */
async function readNewEvents(): Promise<void> {
  const db = await useDatabase();
  for (;;) {
    if (!live.size) {
      // Nobody to feed: skip to the newest id instead of reading rows no one gets, unless a
      // stream went live during the query (it must get every row after its position).
      const { newest } = await newestAndOldest(db);
      if (!live.size) {
        head = Math.max(head, newest);
        return;
      }
    }
    const events = await eventsAfter(db, head);
    if (!events.length) return;
    head = events[events.length - 1].id;
    for (const subscriber of live) deliver(subscriber, events);
    if (events.length < page) return;
  }
}

/**
 * Brings `head` up to the database, one read at a time: a wake-up during a read runs one more
 * read after it, so a burst of commits costs a query or two, not one per commit.
 */
function catchUp(): Promise<void> {
  if (reading) {
    readAgain = true;
    return reading;
  }
  reading = (async () => {
    try {
      do {
        readAgain = false;
        await readNewEvents();
      } while (readAgain);
    } finally {
      reading = undefined;
    }
  })();
  return reading;
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
    // A comment line: proxies see traffic, EventSource ignores it.
    for (const { event } of subscribers) {
      const { res } = event.node;
      if (!res.writableEnded && !res.destroyed) res.write(': heartbeat\n\n');
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

/** Refuses a stream over the per-process cap (`todoEvents.maxStreams`) with 503 and `Retry-After`. */
export function requireStreamSlot(event: H3Event): void {
  if (subscribers.size < config().maxStreams) return;
  setResponseHeader(event, 'retry-after', 5);
  throw createError({
    statusCode: 503,
    statusMessage: 'Service Unavailable',
    message: 'Too many open streams; try again shortly',
  });
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
 * Replays what the client missed, then joins the live fan-out. `ready` (or `reset`, when the
 * events after `after` are no longer kept) comes first and carries `retry:` and the position.
 */
async function replay(subscriber: Subscriber, after: number | undefined | null): Promise<void> {
  const db = await useDatabase();
  await catchUp();
  const { oldest } = await newestAndOldest(db);
  const resumable =
    typeof after === 'number' && after <= head && (after === head || (oldest ?? head + 1) <= after + 1);
  subscriber.position = resumable ? after : head;
  subscriber.stream
    .push({
      id: String(subscriber.position),
      event: resumable || after === undefined ? 'ready' : 'reset',
      retry: retryMs,
      data: JSON.stringify({ lastEventId: String(subscriber.position) }),
    })
    .catch(() => undefined);
  while (subscriber.position < head && !subscriber.closed) {
    const events = await eventsAfter(db, subscriber.position);
    if (!events.length) break;
    deliver(subscriber, events);
  }
  // No await between the check above and this line: no event can slip past.
  if (!subscriber.closed) live.add(subscriber);
}

/**
 * Opens the todo event stream: every change after the client's `Last-Event-ID`, in order and
 * once, then live ones, until the client goes away, which frees everything at once.
 */
export function openTodoEventStream(event: H3Event): Promise<void> {
  const after = lastEventId(event);
  const subscriber: Subscriber = { stream: createEventStream(event), event, position: 0, closed: false };
  subscribers.add(subscriber);
  if (subscribers.size === 1) startWatching();
  subscriber.stream.onClosed(() => {
    subscriber.closed = true;
    subscribers.delete(subscriber);
    live.delete(subscriber);
    if (!subscribers.size) stopWatching();
  });
  replay(subscriber, after).catch(() => subscriber.stream.close());
  return subscriber.stream.send();
}

/** Ends every stream and the `LISTEN` connection, for a graceful shutdown (src/server/plugins/todo-events.ts). */
export async function closeTodoEventStreams(): Promise<void> {
  const client = listener;
  listener = null;
  await Promise.all([...[...subscribers].map(({ stream }) => stream.close()), client?.end()]);
}

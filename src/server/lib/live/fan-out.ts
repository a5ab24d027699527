import { type H3Event, createError, getRequestHeader, setResponseHeader } from 'h3';
import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';

import { type StopWatching, oneReadAtATime, watchCommits } from '../db';
import { type Release, addressCallerKey, budget, queuedBytes } from '../../../modules/request';
import { type ServerSentEvent, encodeEvents, pullSource, sendEventStream } from './event-stream';

/** One row of an event log: ids rise in commit order. */
export type LoggedEvent = ServerSentEvent & { id: number };

/** A table of events a fan-out streams, read by id; it keeps a window of them only. */
export interface EventLog {
  /** Up to `limit` events after `id`, oldest first. */
  after: (id: number, limit: number) => Promise<LoggedEvent[]>;
  /** The newest id there is, 0 for none. */
  newest: () => Promise<number>;
  /** True while every event after `id` up to `newest` is still kept. */
  keeps: (id: number, newest: number) => Promise<boolean>;
}

/** The caps and timers (`todoEvents` of the runtime config: docs/live-updates.md, "Holding many streams"). */
export type FanOutSettings = Record<
  'maxStreams' | 'maxStreamsPerAddress' | 'heartbeatSeconds' | 'stallSeconds',
  number
>;

/** One open stream: where its client is in the log, and whether its body has room for more. */
interface Subscriber {
  body: Readable;
  res: ServerResponse;
  position: number;
  /** False from a `push` that filled the body until the client takes it (the next `pull`). */
  room: boolean;
  /** A page read of its own is under way (or `ready` is not sent yet). */
  paging: boolean;
  closed: boolean;
  stall?: NodeJS.Timeout;
  /** Who it counts against (`addressCallerKey`), and what waits unsent for it holds of `queuedBytes`. */
  caller: string;
  queued: Release;
}

/** A refused stream: JSON 429 or 503, with `Retry-After`. */
function refuse(event: H3Event, statusCode: 429 | 503, retryAfter: number, message: string): never {
  setResponseHeader(event, 'retry-after', retryAfter);
  const statusMessage = statusCode === 429 ? 'Too Many Requests' : 'Service Unavailable';
  throw createError({ statusCode, statusMessage, message });
}

/** `retry:` with `ready`, and as a stream ends because this server stops (another takes it at once). */
const [retryMs, drainRetryMs] = [2_000, 500];
const heartbeat = ': heartbeat\n\n';
/** Rows the reader reads per query for every live stream at once; rows a stream catching up reads (4-18 KB). */
const [page, replayPage] = [1_000, 25];

/**
 * Server-Sent Events over `log`: each stream gets `ready` (or `reset`: its `Last-Event-ID` is out of the
 * window), then every event after its position, in order and once. One reader per process hands new rows,
 * encoded once, to the streams that caught up and have room (`live`); the others page through the log as
 * their client reads. `announce` (a write here) and `watchCommits(channel)` (other processes) wake the reader.
 */
export function eventFanOut(
  log: EventLog,
  { channel, settings }: { channel: string; settings: () => FanOutSettings },
) {
  const subscribers = new Set<Subscriber>();
  const live = new Set<Subscriber>();
  const streams = budget(() => {
    const { maxStreams, maxStreamsPerAddress } = settings();
    return { what: 'open streams', total: maxStreams, perCaller: maxStreamsPerAddress };
  });
  /** The newest id this process has read and handed to `live`. */
  let head = 0;
  let stopWatching: StopWatching | undefined;
  let shutDown = false;

  /** Counts `inBody` bytes and the socket's buffer against `queuedBytes`; past it, cuts the stream off. */
  function countQueued(subscriber: Subscriber, inBody: number): void {
    subscriber.queued();
    subscriber.queued = () => undefined;
    if (subscriber.closed) return;
    const bytes = inBody + (subscriber.res.socket?.writableLength ?? 0);
    const held = queuedBytes.tryHold(subscriber.caller, bytes);
    if (held) subscriber.queued = held;
    else subscriber.res.destroy();
  }

  /** Hands `chunk` to the body; a full body leaves `live` and has `stallSeconds` to drain. */
  function send(subscriber: Subscriber, chunk: string | Buffer): void {
    subscriber.room = subscriber.body.push(chunk);
    countQueued(subscriber, subscriber.room ? 0 : Buffer.byteLength(chunk));
    if (subscriber.room) return;
    live.delete(subscriber);
    subscriber.stall ??= setTimeout(() => subscriber.res.destroy(), settings().stallSeconds * 1_000);
  }

  /** Sends the events after the stream's position; `shared` is all of them encoded once, for every stream. */
  function deliver(subscriber: Subscriber, events: LoggedEvent[], shared?: Buffer): void {
    const fresh = events.filter(({ id }) => id > subscriber.position);
    if (!fresh.length || subscriber.closed) return;
    subscriber.position = fresh[fresh.length - 1].id;
    send(subscriber, shared && fresh.length === events.length ? shared : encodeEvents(fresh));
  }

  /** Reads what was committed since `head`, one read at a time: a wake-up during a read runs one more. */
  const catchUp = oneReadAtATime(async () => {
    for (;;) {
      // Nobody to feed: skip to the newest id, unless a stream went live meanwhile.
      if (!live.size) {
        const newest = await log.newest();
        if (!live.size) return void (head = Math.max(head, newest));
      }
      const events = await log.after(head, page);
      if (!events.length) return;
      head = events[events.length - 1].id;
      const shared = Buffer.from(encodeEvents(events));
      for (const subscriber of live) deliver(subscriber, events, shared);
      if (events.length < page) return;
    }
  });

  let turns = Promise.resolve();
  /**
   * Brings a stream up to `head` while it has room, a page per turn of the event loop (hundreds of fresh
   * sockets must not keep other requests waiting), then hands it to `live`. One whose events were deleted
   * meanwhile ends: its client comes back with `Last-Event-ID` to a `reset`.
   */
  async function pageIn(subscriber: Subscriber): Promise<void> {
    if (subscriber.paging) return;
    subscriber.paging = true;
    try {
      while (subscriber.room && !subscriber.closed) {
        // No await between this check and `live.add`: no event can slip past.
        if (subscriber.position >= head) return void live.add(subscriber);
        await (turns = turns.then(() => nextTurn()));
        if (subscriber.closed) return;
        const after = subscriber.position;
        const events = await log.after(after, replayPage);
        if (!events.length || (events[0].id > after + 1 && !(await log.keeps(after, head))))
          return end(subscriber);
        deliver(subscriber, events);
      }
    } finally {
      subscriber.paging = false;
    }
  }

  /** Ends the stream once its client has what was sent. */
  function end(subscriber: Subscriber): void {
    subscriber.closed = true;
    live.delete(subscriber);
    subscriber.body.push(null);
  }

  /** The client took what it had: room again, and unless `live` feeds it, it reads on. */
  function pull(subscriber: Subscriber): void {
    subscriber.room = true;
    clearTimeout(subscriber.stall);
    subscriber.stall = undefined;
    countQueued(subscriber, 0);
    if (!live.has(subscriber)) pageIn(subscriber).catch(() => subscriber.res.destroy());
  }

  /** Wakes the reader after a write through this process (a cheap no-op without streams). */
  const announce = () => void (subscribers.size && catchUp().catch(() => undefined));

  /** While streams are open: a heartbeat to those with nothing waiting, and wake-ups from other processes. */
  function startWatching(): void {
    const beat = setInterval(() => {
      for (const s of subscribers)
        if (s.room && !s.closed && !s.body.readableLength && !s.res.writableNeedDrain) send(s, heartbeat);
    }, settings().heartbeatSeconds * 1_000);
    const stop = watchCommits(channel, announce);
    stopWatching = () => {
      stopWatching = undefined;
      clearInterval(beat);
      return stop();
    };
  }

  /** `ready` (or `reset`) with `retry:` and the position, then the pages the client missed. */
  async function start(subscriber: Subscriber, after: number | undefined | null): Promise<void> {
    await catchUp();
    const resumable = typeof after === 'number' && after <= head && (await log.keeps(after, head));
    subscriber.position = resumable ? after : head;
    const id = String(subscriber.position);
    const type = resumable || after === undefined ? 'ready' : 'reset';
    send(subscriber, encodeEvents([{ id, type, retry: retryMs, data: JSON.stringify({ lastEventId: id }) }]));
    subscriber.paging = false;
    await pageIn(subscriber);
  }

  return {
    announce,
    /**
     * Opens a stream, unless this process holds `maxStreams` (503) or the address `maxStreamsPerAddress`
     * (429). It holds a page of the log and a socket's buffers at most; its client leaving frees it all.
     */
    open(event: H3Event): Promise<void> {
      const { maxStreams, maxStreamsPerAddress } = settings();
      const caller = addressCallerKey(event);
      const release = streams.tryHold(caller);
      if (!release && streams.total() >= maxStreams)
        refuse(event, 503, 5, 'Too many open streams; try again shortly');
      if (!release)
        refuse(event, 429, 30, `At most ${maxStreamsPerAddress} open streams per client; close one first`);
      // What a reconnecting EventSource sends: the last id it saw; one that is no id of this log gets `reset`.
      const header = getRequestHeader(event, 'last-event-id') || undefined;
      const after = header === undefined ? undefined : /^\d{1,15}$/.test(header) ? Number(header) : null;
      const res = event.node.res;
      const body = pullSource(() => pull(subscriber));
      const subscriber: Subscriber = {
        body,
        res,
        position: 0,
        room: true,
        paging: true,
        closed: false,
        caller,
        queued: () => undefined,
      };
      subscribers.add(subscriber);
      if (subscribers.size === 1 && !shutDown) startWatching();
      res.once('close', () => {
        subscriber.closed = true;
        clearTimeout(subscriber.stall);
        subscribers.delete(subscriber);
        live.delete(subscriber);
        release();
        subscriber.queued();
        body.destroy();
        if (!subscribers.size) stopWatching?.().catch(() => undefined);
      });
      start(subscriber, after).catch(() => res.destroy());
      return sendEventStream(event, body);
    },

    /** Ends every stream with a last `retry:`, and the wake-ups, for a graceful shutdown. */
    async close(): Promise<void> {
      shutDown = true;
      for (const subscriber of subscribers) {
        if (!subscriber.closed) subscriber.body.push(`retry: ${drainRetryMs}\n\n`);
        end(subscriber);
      }
      await stopWatching?.();
    },
  };
}

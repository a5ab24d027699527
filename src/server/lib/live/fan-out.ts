import { type H3Event, createError, getRequestHeader, setResponseHeader } from 'h3';
import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';

import { type StopWatching, oneReadAtATime, watchCommits } from '../db';
import { clientAddress } from '../request';
import { addressSlots } from './address-slots';
import { encodeEvents, heartbeatComment, pullSource, sendEventStream } from './event-stream';

/** One row of an event log: ids rise in commit order. */
export interface LoggedEvent {
  id: number;
  type: string;
  data: string;
}

/** A table of events that a fan-out streams: read by id, and kept for a window only. */
export interface EventLog {
  /** Up to `limit` events after `id`, oldest first. */
  after: (id: number, limit: number) => Promise<LoggedEvent[]>;
  /** The newest id there is, 0 for none. */
  newest: () => Promise<number>;
  /** True while every event after `id` up to `newest` is still kept. */
  keeps: (id: number, newest: number) => Promise<boolean>;
}

export interface FanOutSettings {
  maxStreams: number;
  maxStreamsPerAddress: number;
  heartbeatSeconds: number;
  stallSeconds: number;
}

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
  /** Ends the stream unless its client takes something within `stallSeconds`. */
  stall?: NodeJS.Timeout;
}

/** `retry:` sent with `ready`, and as a stream ends because this server stops (the others can take it). */
const retryMs = 2_000;
const drainRetryMs = 500;
/** Rows the fan-out reads per query for every live stream at once; rows a stream catching up reads (4-18 KB). */
const page = 1_000;
const replayPage = 25;

/**
 * Server-Sent Events over `log`, for any number of streams in this process. Each stream starts with
 * `ready` (or `reset` when its `Last-Event-ID` is out of the window) and then gets every event after
 * its position, in order and once. One reader per process reads new rows and hands one encoded
 * copy to every stream that has caught up and has room (`live`); the others page through the log
 * themselves, one page per turn of the event loop, only while their client reads. The reader is
 * woken by `announce` (a write here) and by `watchCommits(channel)` (another process's commit).
 */
export function eventFanOut(log: EventLog, options: { channel: string; settings: () => FanOutSettings }) {
  const subscribers = new Set<Subscriber>();
  const live = new Set<Subscriber>();
  const slots = addressSlots();
  /** The newest id this process has read and handed to `live`. */
  let head = 0;
  let watch: { heartbeat: NodeJS.Timeout; stop: StopWatching } | undefined;
  let shutDown = false;
  let config: FanOutSettings | undefined;
  const settings = () => (config ??= options.settings());

  /** Hands `chunk` to the body; a full body leaves the fan-out and has `stallSeconds` to drain. */
  function send(subscriber: Subscriber, chunk: string | Buffer): void {
    subscriber.room = subscriber.body.push(chunk);
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

  let turns: Promise<void> = Promise.resolve();

  /**
   * Brings one stream up to `head` a page at a time while it has room, then hands it to `live`.
   * Pages go one per turn of the event loop across all streams: a fresh socket takes megabytes
   * before it is full, and hundreds filling must not keep other requests waiting. A stream whose
   * events were deleted meanwhile ends; its client comes back with `Last-Event-ID` and gets `reset`.
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

  /** The client took what it had: room again, and unless the fan-out feeds it, it reads on. */
  function pull(subscriber: Subscriber): void {
    subscriber.room = true;
    clearTimeout(subscriber.stall);
    subscriber.stall = undefined;
    if (!live.has(subscriber)) pageIn(subscriber).catch(() => subscriber.res.destroy());
  }

  /** Wakes the reader after a write through this process (a cheap no-op without streams). */
  const announce = (): void => {
    if (subscribers.size) catchUp().catch(() => undefined);
  };

  /** While streams are open: a heartbeat to those with nothing waiting, and the wake-ups from other processes. */
  function startWatching(): void {
    if (shutDown) return;
    const heartbeat = setInterval(() => {
      for (const subscriber of subscribers) {
        const idle = subscriber.room && !subscriber.body.readableLength && !subscriber.res.writableNeedDrain;
        if (idle && !subscriber.closed) send(subscriber, heartbeatComment);
      }
    }, settings().heartbeatSeconds * 1_000);
    watch = { heartbeat, stop: watchCommits(options.channel, announce) };
  }

  async function stopWatching(): Promise<void> {
    const stopping = watch;
    watch = undefined;
    clearInterval(stopping?.heartbeat);
    await stopping?.stop();
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
     * Opens a stream for the request, or refuses it over the per-process cap (JSON 503) or the
     * per-address cap (JSON 429), both with `Retry-After`. What the server holds for a stream stays
     * bounded (a page of the log, a socket's buffers); its client going away frees it at once.
     */
    open(event: H3Event): Promise<void> {
      const { maxStreams, maxStreamsPerAddress } = settings();
      const address = clientAddress(event);
      if (slots.total() >= maxStreams) {
        setResponseHeader(event, 'retry-after', 5);
        throw createError({
          statusCode: 503,
          statusMessage: 'Service Unavailable',
          message: 'Too many open streams; try again shortly',
        });
      }
      if (slots.of(address) >= maxStreamsPerAddress) {
        setResponseHeader(event, 'retry-after', 30);
        throw createError({
          statusCode: 429,
          statusMessage: 'Too Many Requests',
          message: `At most ${maxStreamsPerAddress} open streams per client; close one first`,
        });
      }
      // EventSource sends the last id it saw when it reconnects; one that is no id of this log is `reset`.
      const header = getRequestHeader(event, 'last-event-id') || undefined;
      const after = header === undefined ? undefined : /^\d{1,15}$/.test(header) ? Number(header) : null;
      const release = slots.hold(address);
      const res = event.node.res;
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
        if (!subscribers.size) stopWatching().catch(() => undefined);
      });
      start(subscriber, after).catch(() => res.destroy());
      return sendEventStream(event, subscriber.body);
    },

    /** Ends every stream with a last `retry:` (the browser comes back, to another instance by then), for a graceful shutdown. */
    async close(): Promise<void> {
      shutDown = true;
      for (const subscriber of subscribers) {
        if (!subscriber.closed) subscriber.body.push(`retry: ${drainRetryMs}\n\n`);
        end(subscriber);
      }
      await stopWatching();
    },
  };
}

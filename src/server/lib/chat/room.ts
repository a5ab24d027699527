import { type ChatServerFrame, chatCloseCodes, chatLimits } from '../../../shared/chat';
import { type StopWatching, oneReadAtATime, useDatabase, watchCommits } from '../db';
import { type Release, queuedBytes } from '../../../modules/request';
import { chatClientFrame } from './frame';
import type { ChatContext, ChatFrame, ChatPeer } from './hooks';
import {
  chatMessagesAfter,
  latestChatMessages,
  liveSessionExpiries,
  newestChatMessageId,
  storeChatMessage,
} from './messages';
import { chatSettings } from './settings';
import { accountConnections, chatConnections } from './slots';

/** One open connection. */
interface Member {
  peer: ChatPeer;
  context: ChatContext;
  release: Release;
  /** What its unsent bytes hold of its account's share of `queuedBytes`, as last counted. */
  unsent: Release;
  /** Waiting for its history, fed by the fan-out, or being closed (it gets nothing more). */
  state: 'joining' | 'live' | 'closing';
  /** When its recent frames came, for the rate limit. */
  frames: number[];
  /** It answered the last ping (or none was sent yet). */
  alive: boolean;
  /** Its messages are stored one after another, so they keep the order it sent them in. */
  sending: Promise<void>;
}

/** Rows the fan-out reads per query, for every connection at once. */
const page = 500;

const members = new Map<ChatPeer, Member>();
/** When each account's recent frames came, from all its connections in this process. */
const accountFrames = new Map<number, number[]>();
/** The newest message id this process has read and handed to its live members. */
let head = 0;
let stopWatching: StopWatching | undefined;
let pinger: NodeJS.Timeout | undefined;
/** Wakes the session check when the soonest session of a member expires. */
let expiry: NodeJS.Timeout | undefined;

/** Closes a connection: it gets nothing more, and one not answering the close within 1 s is cut off. */
function drop(member: Member, code: number, reason: string): void {
  if (member.state === 'closing') return;
  member.state = 'closing';
  member.peer.close(code, reason);
  setTimeout(() => member.peer.terminate(), 1_000).unref();
}

/**
 * Counts what waits unsent on a member's socket (messages, pongs, pings) against `maxBufferedBytes` and its
 * account's share of `queuedBytes`; past either (a client that stopped reading) it is closed with 1008, so a
 * slow reader costs at most that much. Run after each frame queued or ping received, and at each ping round.
 */
function countUnsent(member: Member): void {
  if (member.state === 'closing') return;
  member.unsent();
  const unsent = member.peer.websocket.bufferedAmount ?? 0;
  const held =
    unsent <= chatSettings().maxBufferedBytes && queuedBytes.tryHold(member.context.account, unsent);
  member.unsent = held || (() => undefined);
  if (!held) drop(member, chatCloseCodes.policyViolation, 'Too far behind: read your messages');
}

/** Sends a frame, unless the member is being closed, and counts what waits unsent for it. */
function send(member: Member, frame: ChatServerFrame | string): void {
  if (member.state === 'closing') return;
  member.peer.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  countUnsent(member);
}

/**
 * Hands what was stored since `head`, in id order and encoded once, to every live member; then the newest 50
 * to those that joined meanwhile, now live. One read at a time (`catchUp`): no message falls between the two.
 */
async function readNewMessages(): Promise<void> {
  const db = await useDatabase();
  const live = [...members.values()].filter((member) => member.state === 'live');
  // Nobody to feed: skip to the newest id instead of reading rows no one gets.
  if (!live.length) head = Math.max(head, await newestChatMessageId(db));
  for (;;) {
    const messages = await chatMessagesAfter(db, head, page);
    for (const message of messages) {
      head = Number(message.id);
      const frame = JSON.stringify({ type: 'message', ...message } satisfies ChatServerFrame);
      for (const member of members.values()) if (member.state === 'live') send(member, frame);
    }
    if (messages.length < page) break;
  }
  const joining = [...members.values()].filter((member) => member.state === 'joining');
  if (!joining.length) return;
  const messages = await latestChatMessages(db, head, chatLimits.history);
  const frame = JSON.stringify({ type: 'history', messages } satisfies ChatServerFrame);
  for (const member of joining) {
    if (member.state !== 'joining') continue;
    send(member, frame);
    if (member.state === 'joining') member.state = 'live';
  }
}

/** Brings `head` up to the database; a wake-up during a read runs one more read after it. */
const catchUp = oneReadAtATime(readNewMessages);

/**
 * Closes with 1008 every connection whose session ended (signed out, everywhere, a password change, in any
 * process: the wake-up follows every commit) or expired (a timer wakes at the soonest). One query for all.
 */
async function closeEndedSessions(): Promise<void> {
  clearTimeout(expiry);
  const open = [...members.values()].filter((member) => member.state !== 'closing');
  if (!open.length) return;
  const ids = [...new Set(open.map((member) => member.context.sessionId))];
  const expiries = await liveSessionExpiries(await useDatabase(), ids);
  for (const member of open)
    if (!expiries.has(member.context.sessionId))
      drop(member, chatCloseCodes.policyViolation, 'Session ended');
  const soonest = Math.min(...expiries.values());
  if (Number.isFinite(soonest)) expiry = setTimeout(wakeSessions, soonest - Date.now()).unref();
}

const checkSessions = oneReadAtATime(closeEndedSessions);

const wakeMessages = () => void catchUp().catch(() => undefined);
const wakeSessions = () => void checkSessions().catch(() => undefined);
/** A commit on `channel` (PostgreSQL's trigger names it; SQLite names none, any table may have changed). */
const wake = (channel?: string) => {
  if (channel !== 'sessions_ended') wakeMessages();
  if (channel !== 'chat_messages') wakeSessions();
};

/** Pings every member; one that has not answered the previous ping is gone (a dead peer behind a NAT). */
function ping(): void {
  for (const member of members.values()) {
    if (!member.alive) member.peer.terminate();
    else {
      member.alive = false;
      (member.peer.websocket as unknown as { ping(): void }).ping();
      countUnsent(member);
    }
  }
}

/** What a process runs while it holds connections: the wake-ups from other processes, the pings. */
function startWatching(): void {
  stopWatching = watchCommits(['chat_messages', 'sessions_ended'], wake);
  pinger = setInterval(ping, chatSettings().pingSeconds * 1_000);
}

function stopAll(): Promise<void> | undefined {
  clearInterval(pinger);
  clearTimeout(expiry);
  const stop = stopWatching;
  stopWatching = undefined;
  return stop?.();
}

/**
 * A connection opened (past `requireChatUpgrade`): counted against its address, account and the process
 * (`chatConnections`, `accountConnections`), it gets the newest 50 messages, then every new one. Upgrades
 * that raced past the caps together are closed with 1013 here, where the count is exact.
 */
export function joinChat(peer: ChatPeer): void {
  const context = peer.context as unknown as ChatContext;
  const fromAddress = chatConnections.tryHold(context.address);
  const fromAccount = accountConnections.tryHold(context.account);
  if (!fromAddress || !fromAccount) {
    fromAddress?.();
    fromAccount?.();
    peer.close(chatCloseCodes.tryAgainLater, 'Too many open chats');
    return;
  }
  const member: Member = {
    peer,
    context,
    release: () => {
      fromAddress();
      fromAccount();
      member.unsent();
      if (!accountConnections.of(context.account)) accountFrames.delete(context.userId);
    },
    unsent: () => undefined,
    state: 'joining',
    frames: [],
    alive: true,
    sending: Promise.resolve(),
  };
  const socket = peer.websocket as unknown as { on(event: 'ping' | 'pong', listener: () => void): void };
  socket.on('pong', () => void (member.alive = true));
  // `ws` has queued the pong already: a ping is a frame for the rate limit, and its pong is counted.
  socket.on('ping', () => {
    if (member.state === 'closing') return;
    if (overRate(member.frames, Date.now(), chatLimits.maxFramesPerWindow))
      drop(member, chatCloseCodes.policyViolation, 'Too many messages');
    else countUnsent(member);
  });
  members.set(peer, member);
  if (members.size === 1) startWatching();
  wake();
}

/** A connection closed (or failed): everything it held goes at once. */
export function leaveChat(peer: ChatPeer): void {
  const member = members.get(peer);
  if (!member) return;
  members.delete(peer);
  member.release();
  if (!members.size) stopAll()?.catch(() => undefined);
}

/** Stores one message in the sender's order; a session ended meanwhile closes the connection. */
async function store(member: Member, text: string): Promise<void> {
  try {
    const id = await storeChatMessage(await useDatabase(), member.context.sessionId, text);
    if (id === undefined) drop(member, chatCloseCodes.policyViolation, 'Session ended');
    else wakeMessages();
  } catch {
    send(member, { type: 'error', message: 'The message was not sent; try again' });
  }
}

/** Counts a frame at `now` in `frames` (kept to the rate window) and answers whether it is over `limit`. */
function overRate(frames: number[], now: number, limit: number): boolean {
  while (frames.length && now - frames[0] >= chatLimits.rateWindowMs) frames.shift();
  frames.push(now);
  return frames.length > limit;
}

/**
 * A frame from a member: over 4 KiB closes with 1009; the 21st frame within 10 s on one connection
 * (pings count too), or the 31st from one account's connections in this process, closes with 1008; what
 * is not `{ "type": "message", "text" }` answers an `error` frame and the connection stays open.
 */
export function receiveChatFrame(peer: ChatPeer, frame: ChatFrame): void {
  const member = members.get(peer);
  if (!member || member.state === 'closing') return;
  const bytes = frame.uint8Array();
  if (bytes.byteLength > chatLimits.maxFrameBytes) {
    drop(member, chatCloseCodes.tooBig, 'Frame too big');
    return;
  }
  const now = Date.now();
  const { userId } = member.context;
  const ofAccount = accountFrames.get(userId) ?? [];
  accountFrames.set(userId, ofAccount);
  if (
    overRate(member.frames, now, chatLimits.maxFramesPerWindow) ||
    overRate(ofAccount, now, chatSettings().maxFramesPerAccount)
  ) {
    drop(member, chatCloseCodes.policyViolation, 'Too many messages');
    return;
  }
  let json: unknown;
  try {
    json = JSON.parse(frame.text());
  } catch {
    send(member, { type: 'error', message: 'Send JSON: {"type":"message","text":"…"}' });
    return;
  }
  const parsed = chatClientFrame.safeParse(json);
  if (!parsed.success) {
    send(member, { type: 'error', message: parsed.error.issues[0]?.message ?? 'Invalid message' });
    return;
  }
  member.sending = member.sending.then(() => store(member, parsed.data.text));
}

/**
 * Closes every connection with 1001 (Going Away) and stops the wake-ups, for a graceful shutdown
 * (src/server/plugins/chat.ts): the page reconnects, to another instance by then; `drop` never lets it wait.
 */
export async function closeChat(): Promise<void> {
  for (const member of members.values()) drop(member, chatCloseCodes.goingAway, 'Server shutting down');
  await stopAll();
}

import { type ChatMessage, type ChatServerFrame, chatCloseCodes, chatLimits } from '../../../shared/chat';
import { type StopWatching, oneReadAtATime, useDatabase, watchCommits } from '../db';
import { chatClientFrame } from './frame';
import type { ChatContext, ChatFrame, ChatPeer } from './hooks';
import { chatMessagesAfter, latestChatMessages, newestChatMessageId, storeChatMessage } from './messages';
import { chatSettings } from './settings';
import { chatConnections } from './slots';

/** One open connection. */
interface Member {
  peer: ChatPeer;
  context: ChatContext;
  release: () => void;
  /** Fed by the fan-out: true once its history went out. */
  live: boolean;
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
/** The newest message id this process has read and handed to its live members. */
let head = 0;
let stopWatching: StopWatching | undefined;
let pinger: NodeJS.Timeout | undefined;

const send = (member: Member, frame: ChatServerFrame | string) =>
  member.peer.send(typeof frame === 'string' ? frame : JSON.stringify(frame));

/**
 * Reads what was stored since `head`, in id order, and hands each message to every live member,
 * encoded once; then sends the newest 50 to the members that joined meanwhile and makes them live.
 * Only one read runs at a time (`catchUp`), so no message falls between a history and the fan-out.
 */
async function readNewMessages(): Promise<void> {
  const db = await useDatabase();
  const live = [...members.values()].filter((member) => member.live);
  // Nobody to feed: skip to the newest id instead of reading rows no one gets.
  if (!live.length) head = Math.max(head, await newestChatMessageId(db));
  for (;;) {
    const messages = await chatMessagesAfter(db, head, page);
    for (const message of messages) {
      head = Number(message.id);
      const frame = JSON.stringify({ type: 'message', ...message } satisfies ChatServerFrame);
      for (const member of members.values()) if (member.live) send(member, frame);
    }
    if (messages.length < page) break;
  }
  const joining = [...members.values()].filter((member) => !member.live);
  if (!joining.length) return;
  const history: ChatMessage[] = await latestChatMessages(db, head, chatLimits.history);
  const frame = JSON.stringify({ type: 'history', messages: history } satisfies ChatServerFrame);
  for (const member of joining) {
    if (!members.has(member.peer)) continue;
    send(member, frame);
    member.live = true;
  }
}

/** Brings `head` up to the database; a wake-up during a read runs one more read after it. */
const catchUp = oneReadAtATime(readNewMessages);

const wake = () => void catchUp().catch(() => undefined);

/** Pings every member; one that has not answered the previous ping is gone (a dead peer behind a NAT). */
function ping(): void {
  for (const member of members.values()) {
    if (!member.alive) {
      member.peer.terminate();
      continue;
    }
    member.alive = false;
    (member.peer.websocket as unknown as { ping(): void }).ping();
  }
}

/** What a process runs while it holds connections: the wake-ups from other processes, the pings. */
function startWatching(): void {
  stopWatching = watchCommits('chat_messages', wake);
  pinger = setInterval(ping, chatSettings().pingSeconds * 1_000);
}

function stopAll(): Promise<void> | undefined {
  clearInterval(pinger);
  const stop = stopWatching;
  stopWatching = undefined;
  return stop?.();
}

/**
 * A connection opened (its upgrade passed `requireChatUpgrade`): it is counted against its
 * address and the process, gets the newest 50 messages, then every new one. Upgrades that raced
 * past the caps together are closed with 1013 here, where the count is exact.
 */
export function joinChat(peer: ChatPeer): void {
  const context = peer.context as unknown as ChatContext;
  const { maxConnections, maxConnectionsPerAddress } = chatSettings();
  if (
    chatConnections.total() >= maxConnections ||
    chatConnections.of(context.address) >= maxConnectionsPerAddress
  ) {
    peer.close(chatCloseCodes.tryAgainLater, 'Too many open chats');
    return;
  }
  const member: Member = {
    peer,
    context,
    release: chatConnections.hold(context.address),
    live: false,
    frames: [],
    alive: true,
    sending: Promise.resolve(),
  };
  (peer.websocket as unknown as { on(event: 'pong', listener: () => void): void }).on('pong', () => {
    member.alive = true;
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
    if (id === undefined) member.peer.close(chatCloseCodes.policyViolation, 'Session ended');
    else wake();
  } catch {
    send(member, { type: 'error', message: 'The message was not sent; try again' });
  }
}

/**
 * A frame from a member: over 4 KiB closes with 1009, the 21st frame within 10 s with 1008; what
 * is not `{ "type": "message", "text" }` answers an `error` frame and the connection stays open.
 */
export function receiveChatFrame(peer: ChatPeer, frame: ChatFrame): void {
  const member = members.get(peer);
  if (!member) return;
  const bytes = frame.uint8Array();
  if (bytes.byteLength > chatLimits.maxFrameBytes) {
    peer.close(chatCloseCodes.tooBig, 'Frame too big');
    return;
  }
  const now = Date.now();
  member.frames = member.frames.filter((at) => now - at < chatLimits.rateWindowMs);
  member.frames.push(now);
  if (member.frames.length > chatLimits.maxFramesPerWindow) {
    peer.close(chatCloseCodes.policyViolation, 'Too many messages');
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
 * (src/server/plugins/chat.ts): the page reconnects, to another instance by then. A peer that
 * does not answer the close handshake within a second is cut off, so the drain never waits on it.
 */
export async function closeChat(): Promise<void> {
  for (const { peer } of members.values()) {
    peer.close(chatCloseCodes.goingAway, 'Server shutting down');
    setTimeout(() => peer.terminate(), 1_000).unref();
  }
  await stopAll();
}

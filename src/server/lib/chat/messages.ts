import type { Database } from 'db0';

import type { ChatMessage } from '../../../shared/chat';

/** How many messages `chat_messages` keeps (`purgeChatMessages`); older ones go. */
export const keptChatMessages = 1_000;

interface Row {
  id: number | string;
  name: string;
  text: string;
  created_at: string;
}

// PostgreSQL answers a BIGSERIAL as a string; the wire carries ids as strings anyway.
const toMessage = ({ id, name, text, created_at }: Row): ChatMessage => ({
  id: String(id),
  name,
  text,
  at: created_at,
});

/**
 * Stores `text` as a message of the session's account, under its display name of now, in one statement
 * that writes nothing if the session ended meanwhile: answers the new id, or `undefined` then.
 */
export async function storeChatMessage(
  db: Database,
  sessionId: string,
  text: string,
): Promise<number | undefined> {
  const now = Date.now();
  const { rows = [] } = await db.sql`INSERT INTO chat_messages (user_id, name, text, created_at)
    SELECT users.id, users.name, ${text}, ${new Date(now).toISOString()}
    FROM sessions JOIN users ON users.id = sessions.user_id
    WHERE sessions.id = ${sessionId} AND sessions.expires_at > ${now}
    RETURNING id`;
  return rows[0] ? Number(rows[0]['id']) : undefined;
}

/**
 * When each of the sessions `ids` expires, for those still live (one that ended or expired is not in the
 * answer). One fixed statement for any number of ids, bound as one JSON array.
 */
export async function liveSessionExpiries(db: Database, ids: string[]): Promise<Map<string, number>> {
  const [json, now] = [JSON.stringify(ids), Date.now()];
  const { rows = [] } = await (db.dialect === 'postgresql'
    ? db.sql`SELECT id, expires_at FROM sessions
        WHERE id IN (SELECT json_array_elements_text(${json}::json)) AND expires_at > ${now}`
    : db.sql`SELECT id, expires_at FROM sessions
        WHERE id IN (SELECT value FROM json_each(${json})) AND expires_at > ${now}`);
  // pg answers a BIGINT as text.
  return new Map(rows.map((row) => [String(row['id']), Number(row['expires_at'])]));
}

/** Up to `limit` messages after `id`, oldest first. */
export async function chatMessagesAfter(db: Database, id: number, limit: number): Promise<ChatMessage[]> {
  const { rows = [] } = await db.sql<{ rows: Row[] }>`SELECT id, name, text, created_at
    FROM chat_messages WHERE id > ${id} ORDER BY id LIMIT ${limit}`;
  return rows.map(toMessage);
}

/** The newest `count` messages up to id `upTo`, oldest first. */
export async function latestChatMessages(db: Database, upTo: number, count: number): Promise<ChatMessage[]> {
  const { rows = [] } = await db.sql<{ rows: Row[] }>`SELECT id, name, text, created_at
    FROM chat_messages WHERE id <= ${upTo} ORDER BY id DESC LIMIT ${count}`;
  return rows.map(toMessage).reverse();
}

/** The newest message id there is, 0 for none. */
export async function newestChatMessageId(db: Database): Promise<number> {
  const { rows = [] } = await db.sql`SELECT MAX(id) AS newest FROM chat_messages`;
  return Number(rows[0]?.['newest'] ?? 0);
}

/** Deletes all but the newest `keep` messages (a prefix: "after id N" meets no hole); answers how many. */
export async function deleteChatMessagesBefore(db: Database, keep: number): Promise<number> {
  const { rows = [] } = await db.sql`DELETE FROM chat_messages WHERE id <= (
    SELECT id FROM chat_messages ORDER BY id DESC LIMIT 1 OFFSET ${keep}) RETURNING id`;
  return rows.length;
}

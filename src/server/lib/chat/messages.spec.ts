import { createDatabase, type Database } from 'db0';
import betterSqlite3 from 'db0/connectors/better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { migrate } from '../db/migrations';
import {
  chatMessagesAfter,
  deleteChatMessagesBefore,
  latestChatMessages,
  liveSessionExpiries,
  newestChatMessageId,
} from './messages';

let db: Database;

beforeEach(async () => {
  db = createDatabase(betterSqlite3({ name: ':memory:' }));
  await migrate(db);
  for (let n = 1; n <= 8; n++) {
    await db.sql`INSERT INTO chat_messages (user_id, name, text, created_at)
      VALUES (1, 'Ada', ${`message ${n}`}, '2026-11-25T10:00:00.000Z')`;
  }
});

afterEach(() => db.dispose());

const ids = async () => (await chatMessagesAfter(db, 0, 100)).map(({ id }) => id);

describe('chat_messages', () => {
  it('reads the messages after an id, oldest first, as the wire carries them', async () => {
    expect(await chatMessagesAfter(db, 6, 100)).toEqual([
      { id: '7', name: 'Ada', text: 'message 7', at: '2026-11-25T10:00:00.000Z' },
      { id: '8', name: 'Ada', text: 'message 8', at: '2026-11-25T10:00:00.000Z' },
    ]);
    expect(await chatMessagesAfter(db, 2, 2)).toHaveLength(2);
  });

  it('reads the newest few up to an id, oldest first', async () => {
    expect((await latestChatMessages(db, 6, 3)).map(({ text }) => text)).toEqual([
      'message 4',
      'message 5',
      'message 6',
    ]);
    expect(await newestChatMessageId(db)).toBe(8);
  });

  it('purges all but the newest messages, a prefix only, and nothing when there are fewer', async () => {
    expect(await deleteChatMessagesBefore(db, 3)).toBe(5);
    expect(await ids()).toEqual(['6', '7', '8']);
    expect(await deleteChatMessagesBefore(db, 3)).toBe(0);
    expect(await deleteChatMessagesBefore(db, 10)).toBe(0);
    expect(await ids()).toEqual(['6', '7', '8']);
  });

  it('answers the expiries of the live sessions among the ids, in one statement for any number', async () => {
    const later = Date.now() + 60_000;
    await db.sql`INSERT INTO sessions (id, user_id, created_at, expires_at)
      VALUES ('a', 1, 0, ${later}), ('b', 1, 0, ${later}), ('c', 1, 0, 5)`;
    expect([...(await liveSessionExpiries(db, ['a', 'c', 'x', `q'"]`]))]).toEqual([['a', later]]);
    expect(await liveSessionExpiries(db, [])).toEqual(new Map());
  });
});

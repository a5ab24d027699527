import { createDatabase, type Database } from 'db0';
import betterSqlite3 from 'db0/connectors/better-sqlite3';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { migrate } from '../db/migrations';
import { orphanAgeMs, purgeOrphanFiles } from './orphans';

let db: Database;
let dir: string;
const now = Date.parse('2026-06-01T12:00:00.000Z');
const old = now - orphanAgeMs - 1_000;
const recent = now - orphanAgeMs / 2;

beforeEach(async () => {
  db = createDatabase(betterSqlite3({ name: ':memory:' }));
  await db.exec('PRAGMA foreign_keys = ON');
  await migrate(db);
  dir = mkdtempSync(join(tmpdir(), 'uploads-purge-'));
});

afterEach(async () => {
  await db.dispose();
  rmSync(dir, { recursive: true, force: true });
});

async function account(): Promise<number> {
  const { rows = [] } = await db.sql`INSERT INTO users (name, email, password_hash)
    VALUES ('Ada', ${`${randomUUID()}@example.com`}, 'hash') RETURNING id`;
  return Number(rows[0]['id']);
}

/** A file on disk last written at `mtime`, with a row for `ownerId` unless it is `undefined`. */
async function storedFile(name: string, mtime: number, ownerId?: number, size = 4) {
  writeFileSync(join(dir, name), Buffer.alloc(size));
  utimesSync(join(dir, name), mtime / 1000, mtime / 1000);
  if (ownerId === undefined) return;
  await db.sql`INSERT INTO files (id, owner_id, name, type, size, created_at)
    VALUES (${name}, ${ownerId}, 'a.png', 'image/png', ${size}, '2026-06-01T00:00:00.000Z')`;
}

const onDisk = () => readdirSync(dir).sort();

describe('purgeOrphanFiles', () => {
  it("removes an hour-old file whose row went with its deleted account, and keeps everyone else's", async () => {
    const [leaving, staying] = [await account(), await account()];
    const [gone, kept] = [randomUUID(), randomUUID()];
    await storedFile(gone, old, leaving);
    await storedFile(kept, old, staying);

    await db.sql`DELETE FROM users WHERE id = ${leaving}`;
    expect((await db.sql`SELECT id FROM files`).rows).toEqual([{ id: kept }]);

    expect(await purgeOrphanFiles(db, dir, now)).toEqual({ orphans: 1, partial: 0 });
    expect(onDisk()).toEqual([kept]);
  });

  it('removes the hour-old .part file of a crashed upload, not one still streaming in', async () => {
    const [crashed, streaming] = [`${randomUUID()}.part`, `${randomUUID()}.part`];
    await storedFile(crashed, old);
    await storedFile(streaming, recent);

    expect(await purgeOrphanFiles(db, dir, now)).toEqual({ orphans: 0, partial: 1 });
    expect(onDisk()).toEqual([streaming]);
  });

  it('keeps a file without a row that was written within the hour: its row may be on its way', async () => {
    const fresh = randomUUID();
    await storedFile(fresh, recent);
    expect(await purgeOrphanFiles(db, dir, now)).toEqual({ orphans: 0, partial: 0 });
    expect(onDisk()).toEqual([fresh]);
  });

  it('leaves names it did not write alone', async () => {
    await storedFile('README.txt', old);
    await storedFile('not-a-uuid.part', old);
    expect(await purgeOrphanFiles(db, dir, now)).toEqual({ orphans: 0, partial: 0 });
    expect(onDisk()).toEqual(['README.txt', 'not-a-uuid.part']);
  });

  it('answers nothing purged when no upload ever made the folder', async () => {
    rmSync(dir, { recursive: true });
    expect(await purgeOrphanFiles(db, dir, now)).toEqual({ orphans: 0, partial: 0 });
    expect(existsSync(dir)).toBe(false);
  });

  it('recounts a quota idle for an hour from the rows, giving back what a crashed upload reserved', async () => {
    const [idle, busy] = [await account(), await account()];
    await storedFile(randomUUID(), old, idle, 10);
    await storedFile(randomUUID(), old, busy, 10);
    // Each reserved a second file of 5 MiB and crashed before settling it.
    await db.sql`INSERT INTO file_usage (owner_id, files, bytes, updated_at)
      VALUES (${idle}, 2, ${10 + 5 * 2 ** 20}, ${old}), (${busy}, 2, ${10 + 5 * 2 ** 20}, ${recent})`;

    await purgeOrphanFiles(db, dir, now);
    const { rows = [] } = await db.sql`SELECT owner_id, files, bytes FROM file_usage ORDER BY owner_id`;
    expect(rows).toEqual([
      { owner_id: idle, files: 1, bytes: 10 },
      // Touched within the hour: an upload may be streaming in under that reservation.
      { owner_id: busy, files: 2, bytes: 10 + 5 * 2 ** 20 },
    ]);
  });
});

import type { Database } from 'db0';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * How old a file must be before the purge may take it for left behind. An upload in flight is
 * younger: Node ends a request after 5 minutes (`requestTimeout`), and a finished upload's row is
 * written a moment after its bytes.
 */
export const orphanAgeMs = 60 * 60 * 1000;

const storedName = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What a purge removed: stored files without a row, and `.part` files of uploads that never ended. */
export interface PurgedUploads {
  orphans: number;
  partial: number;
}

/**
 * Removes from `dir`, among files older than `orphanAgeMs` at `now`, the `.part` files of
 * crashed uploads and the stored files whose row is gone (a deleted account's files go with
 * its row, by `ON DELETE CASCADE`). Then it recounts each quota not touched for as long from
 * the rows, which gives back what a crashed upload had reserved. Other names are left alone.
 */
export async function purgeOrphanFiles(db: Database, dir: string, now: number): Promise<PurgedUploads> {
  const purged: PurgedUploads = { orphans: 0, partial: 0 };
  const cutoff = now - orphanAgeMs;
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  for (const name of names) {
    const partial = name.endsWith('.part') && storedName.test(name.slice(0, -'.part'.length));
    if (!partial && !storedName.test(name)) continue;
    const path = join(dir, name);
    const modified = await stat(path).then(
      ({ mtimeMs }) => mtimeMs,
      () => now,
    );
    if (modified >= cutoff) continue;
    if (!partial) {
      const { rows = [] } = await db.sql`SELECT 1 AS found FROM files WHERE id = ${name}`;
      if (rows.length) continue;
    }
    await rm(path, { force: true });
    purged[partial ? 'partial' : 'orphans'] += 1;
  }
  await db.sql`UPDATE file_usage SET
      files = (SELECT COUNT(*) FROM files WHERE files.owner_id = file_usage.owner_id),
      bytes = (SELECT COALESCE(SUM(size), 0) FROM files WHERE files.owner_id = file_usage.owner_id)
    WHERE updated_at < ${cutoff}`;
  return purged;
}

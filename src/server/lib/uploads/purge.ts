import { useDatabase } from '../db';
import { type PurgedUploads, purgeOrphanFiles } from './orphans';
import { uploadsDir } from './stored-files';

/**
 * For the housekeeping task: removes the bytes of files whose row is gone (deleted accounts)
 * and the `.part` files of crashed uploads, both older than an hour at `now` (epoch ms), and
 * recounts quotas left idle as long. Safe to run in several processes at once.
 */
export async function purgeOrphanUploads(now = Date.now()): Promise<PurgedUploads> {
  return purgeOrphanFiles(await useDatabase(), uploadsDir(), now);
}

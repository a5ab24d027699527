import { createError } from 'h3';
import { useRuntimeConfig } from 'nitropack/runtime';
import { z } from 'zod';

import { useDatabase } from '../db';
import type { AttemptPolicy } from '../rate-limit';

const positive = z.coerce.number().int().positive();

/**
 * `uploads` in the runtime config, each key set by its env var: per account at most
 * `UPLOADS_MAX_FILES` files (default 20) and `UPLOADS_MAX_BYTES` bytes (default 50 MiB) stored,
 * and `UPLOADS_RATE_LIMIT` uploads (default 60) per `UPLOADS_RATE_WINDOW_SECONDS` (default 600)
 * per account and per client address.
 */
const uploadLimitsConfig = z.object({
  maxFiles: positive,
  maxBytes: positive,
  rateLimit: positive,
  rateWindowSeconds: positive,
});

export type UploadLimits = z.infer<typeof uploadLimitsConfig>;

export function uploadLimits(): UploadLimits {
  return uploadLimitsConfig.parse(useRuntimeConfig()['uploads']);
}

/** Uploads per account and per address in a window; every attempt counts, whatever it answers. */
export function uploadRateLimit(): AttemptPolicy {
  const { rateLimit, rateWindowSeconds } = uploadLimits();
  return { name: 'upload', limit: rateLimit, windowSeconds: rateWindowSeconds };
}

/** One file and `bytes` of an owner's quota, held while the upload streams in. */
export interface Reservation {
  ownerId: number;
  bytes: number;
}

function overQuota(message: string, data: Record<string, number | string>) {
  return createError({ statusCode: 413, statusMessage: 'Payload Too Large', message, data });
}

/**
 * Reserves one file and `bytes` of `ownerId`'s quota before a byte is written, or throws 413.
 * The check and the reservation are one upsert on the owner's `file_usage` row: PostgreSQL
 * locks the row and re-reads it, SQLite writes one statement at a time, so uploads racing in any
 * number of processes can never reserve past the quota together.
 */
export async function reserveQuota(ownerId: number, bytes: number): Promise<Reservation> {
  const { maxFiles, maxBytes } = uploadLimits();
  if (bytes > maxBytes) {
    throw overQuota(`Your files may take ${maxBytes} bytes in all; this upload is larger`, {
      quota: 'bytes',
      limit: maxBytes,
    });
  }
  const db = await useDatabase();
  const now = Date.now();
  const { rows = [] } = await db.sql`
    INSERT INTO file_usage (owner_id, files, bytes, updated_at) VALUES (${ownerId}, 1, ${bytes}, ${now})
    ON CONFLICT (owner_id) DO UPDATE SET
      files = file_usage.files + 1, bytes = file_usage.bytes + excluded.bytes, updated_at = excluded.updated_at
    WHERE file_usage.files < ${maxFiles} AND file_usage.bytes + excluded.bytes <= ${maxBytes}
    RETURNING owner_id`;
  if (rows.length) return { ownerId, bytes };

  const { rows: [usage] = [] } = await db.sql`SELECT files FROM file_usage WHERE owner_id = ${ownerId}`;
  if (Number(usage?.['files']) >= maxFiles) {
    throw overQuota(`You have ${maxFiles} files, the most an account may keep; delete one first`, {
      quota: 'files',
      limit: maxFiles,
    });
  }
  throw overQuota(`Your files may take ${maxBytes} bytes in all; delete some to make room`, {
    quota: 'bytes',
    limit: maxBytes,
  });
}

/** Trades a reservation for the file's real size once it is stored. */
export async function settleQuota({ ownerId, bytes }: Reservation, size: number): Promise<void> {
  const db = await useDatabase();
  await db.sql`UPDATE file_usage SET bytes = bytes - ${bytes - size}, updated_at = ${Date.now()}
    WHERE owner_id = ${ownerId}`;
}

/** Gives back a reservation whose upload was refused or cut off, or a deleted file's share. */
export async function releaseQuota({ ownerId, bytes }: Reservation): Promise<void> {
  const db = await useDatabase();
  await db.sql`UPDATE file_usage SET files = files - 1, bytes = bytes - ${bytes}, updated_at = ${Date.now()}
    WHERE owner_id = ${ownerId}`;
}

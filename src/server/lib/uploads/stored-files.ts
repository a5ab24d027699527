import { create as contentDisposition } from 'content-disposition';
import { type H3Event, createError, sendStream, setResponseHeaders } from 'h3';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

import { requireUser } from '../auth';
import { dataPath } from '../db';
import { useDatabase } from '../db';
import { fileTypes } from './file-types';
import { releaseQuota } from './quota';

/** The largest file `POST /api/v1/files` accepts: 5 MiB. */
export const maxFileBytes = 5 * 1024 * 1024;

/** A stored file as the API answers with it; `name` is the client's, cleaned, and only ever data. */
export const storedFileOutput = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(fileTypes),
  size: z.number().int().min(1).max(maxFileBytes),
  createdAt: z.iso.datetime(),
});

export type StoredFile = z.infer<typeof storedFileOutput>;

/** A stored file and the account it belongs to. */
export type OwnedFile = StoredFile & { ownerId: number };

/** Where the bytes live: `<dataDir>/uploads/<id>`, next to the database. */
export const uploadsDir = () => dataPath('uploads');
export const storedPath = (id: string) => join(uploadsDir(), id);

/** `ownerId`'s files, newest first: all of them, which the quota keeps few. */
export async function listOwnFiles(ownerId: number): Promise<StoredFile[]> {
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: StoredFile[] }>`SELECT id, name, type, size, created_at AS "createdAt"
    FROM files WHERE owner_id = ${ownerId} ORDER BY created_at DESC, id DESC`;
  return rows.map((row) => ({ ...row, size: Number(row.size) }));
}

/**
 * The guard of a stored file: the signed-in account's own file, or 401 without a session, 404
 * for an id no file has (a malformed one included), 403 for someone else's file.
 * @status 401 No valid session.
 * @status 403 Someone else's file.
 * @status 404 No file has the id.
 */
export async function requireOwnFile(event: H3Event, id: string | undefined): Promise<OwnedFile> {
  const user = await requireUser(event);
  const db = await useDatabase();
  const { rows = [] } = z.uuid().safeParse(id).success
    ? await db.sql<{ rows: OwnedFile[] }>`SELECT id, owner_id AS "ownerId", name, type, size,
        created_at AS "createdAt" FROM files WHERE id = ${id}`
    : {};
  const file = rows[0];
  if (!file) throw createError({ statusCode: 404, statusMessage: 'Not Found', message: 'File not found' });
  if (Number(file.ownerId) !== user.id) {
    throw createError({ statusCode: 403, statusMessage: 'Forbidden', message: 'That file is not yours' });
  }
  return { ...file, ownerId: user.id, size: Number(file.size) };
}

/** Removes a file's row, gives its share of the quota back and deletes its bytes. */
export async function deleteStoredFile({ id, ownerId }: OwnedFile): Promise<void> {
  const db = await useDatabase();
  const { rows = [] } = await db.sql`DELETE FROM files WHERE id = ${id} RETURNING size`;
  // A request deleting the same file at the same moment found the row first and gives it back.
  if (rows[0]) await releaseQuota({ ownerId, bytes: Number(rows[0]['size']) });
  await rm(storedPath(id), { force: true });
}

/**
 * Sends a stored file as the type its bytes proved, never sniffed again by the browser: images
 * inline, anything else as a download in a CSP sandbox (a PDF's scripts get no origin), the
 * name in `Content-Disposition` encoded by RFC 6266 / 8187 (`filename*`) with an ASCII fallback.
 * Only its owner may read it, so no shared cache keeps it, and no browser keeps it after it is deleted.
 */
export function sendStoredFile(event: H3Event, file: StoredFile): Promise<void> {
  const image = file.type.startsWith('image/');
  setResponseHeaders(event, {
    'content-type': file.type,
    'content-length': file.size,
    'content-disposition': contentDisposition(file.name, { type: image ? 'inline' : 'attachment' }),
    'x-content-type-options': 'nosniff',
    'content-security-policy': image ? "default-src 'none'" : "default-src 'none'; sandbox",
    'cache-control': 'private, no-store',
  });
  return sendStream(event, createReadStream(storedPath(file.id)));
}

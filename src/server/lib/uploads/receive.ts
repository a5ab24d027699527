import busboy from 'busboy';
import { type H3Event, createError, getRequestHeader, isError } from 'h3';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { useDatabase } from '../db';
import { type Release, budget, budgetSettings, callerKey, lingerAfterRefusal, mediaType } from '../../../modules/request';
import { TypeSniffer, unsupported } from './file-types';
import { releaseQuota, reserveQuota, settleQuota } from './quota';
import { type StoredFile, maxFileBytes, storedPath, uploadsDir } from './stored-files';

/**
 * The largest body the route reads, whatever it holds: the file and room for the multipart
 * boundaries and part headers. Extra parts and bytes after the file count against it too.
 */
const maxBodyBytes = maxFileBytes + 64 * 1024;

/**
 * Bytes of uploads being written to `.part` files at once, in the process and per account
 * (`BUDGET_TEMP_FILE_BYTES`, 256 MiB, and `BUDGET_TEMP_FILE_BYTES_PER_CALLER`, 10 MiB): what an
 * upload may grow to is admitted before its file is created, and held until that file is gone or
 * renamed into place, so no caller can fill the disk with uploads in flight.
 */
const partFiles = budget(() => {
  const { tempFileBytes, tempFileBytesPerCaller } = budgetSettings();
  return { what: 'bytes of uploads being written', total: tempFileBytes, perCaller: tempFileBytesPerCaller };
});

/**
 * Ends a body the route refused before reading it. One declared within `maxBodyBytes` is left for
 * Node to read and discard, so the client keeps its connection; any other, chunked or larger, is
 * read and thrown away for a bounded time after the answer, then cut off (`lingerAfterRefusal`).
 */
export function endUnreadBody(event: H3Event): void {
  const declared = Number(getRequestHeader(event, 'content-length') ?? Number.NaN);
  if (!(declared <= maxBodyBytes)) lingerAfterRefusal(event);
}

/**
 * The client's file name as data: its last path segment, without control and invisible
 * formatting characters (NUL, right-to-left override, zero-width), leading dots or more than
 * 200 characters. It never becomes a path: files are stored under their generated id.
 */
export function cleanFileName(name: string | undefined): string {
  const last = (name ?? '').split(/[\\/]/).pop() ?? '';
  const visible = last
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/^[\s.]+/, '')
    .trim();
  return Array.from(visible).slice(0, 200).join('') || 'file';
}

const tooLarge = () =>
  createError({
    statusCode: 413,
    statusMessage: 'Payload Too Large',
    message: `Files are limited to ${maxFileBytes} bytes`,
  });

const malformed = (message = 'The multipart body is malformed or cut off') =>
  createError({ statusCode: 400, statusMessage: 'Bad Request', message });

/**
 * busboy for this request, one file and nothing else. busboy throws for a type it can't parse,
 * such as `multipart/form-data` without its `boundary`: that is the client's mistake, a 400.
 */
function multipartParser(event: H3Event) {
  try {
    return busboy({
      headers: event.node.req.headers,
      defParamCharset: 'utf8',
      // busboy calls a file that reaches `fileSize` too large, so a file of exactly the cap passes.
      limits: { files: 1, fields: 0, parts: 1, fileSize: maxFileBytes + 1 },
    });
  } catch {
    throw malformed('Send multipart/form-data with its boundary: multipart/form-data; boundary=…');
  }
}

/**
 * Receives one file for `ownerId` from a `multipart/form-data` body, field `file`, while it
 * streams in (busboy). Before reading it, admits what the file may grow to (its declared size,
 * else the cap) into the `partFiles` budget (429 past the account's share, 503 past the process's)
 * and reserves one file and that size in the owner's quota (`reserveQuota`, 413 when it is full).
 * More than `maxFileBytes` is refused with 413 as soon as it passes the cap, and so is a body that
 * passes it with other parts or bytes after the file; a type its bytes don't prove is a 415, a
 * malformed body a 400. The bytes go to a temporary `.part` file renamed to the generated id only
 * when complete, and the row is written last; whatever stops an upload removes its `.part` file
 * before the answer goes out and gives its reservation back. A refusal before the body is read
 * ends it by `endUnreadBody`.
 * @status 400 No boundary, a malformed or cut-off body, or no part named `file`; nothing stored.
 * @status 413 The file is over 5 MiB (refused while it streams in), or the quota is full.
 * @status 415 Not multipart/form-data, or bytes that are not a PNG, JPEG, WebP, GIF or PDF.
 * @status 429 Too many uploads from this account at once; see `Retry-After`.
 * @status 503 The server is writing all the uploads it allows at once; see `Retry-After`.
 */
export async function receiveUpload(event: H3Event, ownerId: number): Promise<StoredFile> {
  const { parser, reservation, admitted } = await beforeReading(event, ownerId).catch((error: unknown) => {
    endUnreadBody(event);
    throw error;
  });
  let file: StoredFile;
  try {
    file = await storeUpload(event, parser, ownerId, admitted);
  } catch (error) {
    await releaseQuota(reservation);
    throw error;
  }
  await settleQuota(reservation, file.size);
  return file;
}

/** The checks that need no body: its type, its declared length, a parser, room in the budget and the quota. */
async function beforeReading(event: H3Event, ownerId: number) {
  if (mediaType(getRequestHeader(event, 'content-type') ?? '') !== 'multipart/form-data') throw unsupported();
  // Without a Content-Length (chunked), the file may be as large as the cap.
  const declared = Number(getRequestHeader(event, 'content-length') ?? maxFileBytes);
  if (declared > maxBodyBytes) throw tooLarge();
  const parser = multipartParser(event);
  const bytes = Math.min(declared, maxFileBytes);
  const admitted = partFiles.admit(event, callerKey(event), bytes);
  try {
    return { parser, admitted, reservation: await reserveQuota(ownerId, bytes) };
  } catch (error) {
    admitted();
    throw error;
  }
}

/** Streams the file part to disk, renames it complete (then `admitted` is released), and writes its row. */
async function storeUpload(event: H3Event, parser: busboy.Busboy, ownerId: number, admitted: Release) {
  const id = randomUUID();
  let received: Awaited<ReturnType<typeof receivePart>>;
  try {
    await mkdir(uploadsDir(), { recursive: true });
    received = await receivePart(event, parser, `${storedPath(id)}.part`);
    await rename(`${storedPath(id)}.part`, storedPath(id));
  } finally {
    admitted();
  }
  const file: StoredFile = { id, ...received, createdAt: new Date().toISOString() };
  try {
    const db = await useDatabase();
    await db.sql`INSERT INTO files (id, owner_id, name, type, size, created_at)
      VALUES (${file.id}, ${ownerId}, ${file.name}, ${file.type}, ${file.size}, ${file.createdAt})`;
  } catch (error) {
    await rm(storedPath(id), { force: true });
    throw error;
  }
  return file;
}

/** Writes one file part to `path`, typed by its first bytes; `receivePart` removes it if it fails. */
async function saveFile(file: Readable, path: string) {
  const sniffer = new TypeSniffer();
  await pipeline(file, sniffer, createWriteStream(path, { flags: 'wx' }));
  if (!sniffer.type) throw unsupported();
  return { type: sniffer.type, size: sniffer.size };
}

/** Passes the body on until it passes `maxBodyBytes`, then fails with 413: no more of it is read. */
function capped(): Transform {
  let received = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, next) {
      received += chunk.length;
      next(received > maxBodyBytes ? tooLarge() : null, chunk);
    },
  });
}

/**
 * Pipes the request, capped as a whole, through `parser` and saves its `file` part to `partial`.
 * Whatever stops it removes `partial` before it fails, also when the file had been written whole.
 */
function receivePart(event: H3Event, parser: busboy.Busboy, partial: string) {
  const request = event.node.req;
  const body = capped();
  return new Promise<{ name: string; type: string; size: number }>((done, fail) => {
    let saving: Promise<{ name: string; type: string; size: number }> | undefined;
    let current: Readable | undefined;
    let settled = false;
    // Whatever stops an upload (the cap, the type, busboy, the client) ends it once, as one JSON 4xx,
    // once the file's writing has stopped and what it wrote is gone.
    const stop = (error: unknown) => {
      if (settled) return;
      settled = true;
      const refusal = isError(error) ? error : malformed();
      body.unpipe(parser);
      current?.destroy(refusal);
      // The rest of the body waits unread until the answer is ready: lingering earlier could read
      // its 16 MiB and cut the connection before the answer went out (a reset, not a 413).
      void Promise.allSettled([saving])
        .then(() => rm(partial, { force: true }))
        .catch(() => undefined)
        .then(() => {
          lingerAfterRefusal(event);
          fail(refusal);
        });
    };
    const finish = (received: { name: string; type: string; size: number }) => {
      if (settled) return;
      settled = true;
      done(received);
    };
    parser.on('file', (field, file, { filename }) => {
      if (field !== 'file' || settled) return void file.resume();
      current = file;
      file.once('limit', () => stop(tooLarge()));
      saving = saveFile(file, partial).then((saved) => {
        if (file.truncated) throw tooLarge();
        return { name: cleanFileName(filename), ...saved };
      });
      saving.catch(stop);
    });
    parser.once('close', () => {
      if (!saving) return stop(malformed('Attach the file in a part named `file`'));
      saving.then(finish, stop);
    });
    parser.once('error', stop);
    body.once('error', stop);
    // A client that goes away mid-upload: its partial file is removed, nothing is stored.
    request.once('close', () => {
      if (!request.complete) stop(malformed());
    });
    request.pipe(body).pipe(parser);
  });
}

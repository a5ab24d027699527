import busboy from 'busboy';
import { create as contentDisposition } from 'content-disposition';
import {
  type H3Event,
  createError,
  getRequestHeader,
  isError,
  sendStream,
  setResponseHeader,
  setResponseHeaders,
} from 'h3';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';

import { dataPath } from './db';
import { useDatabase } from './db';
import { type OperationExtension, toJsonSchema } from '../../modules/api-contract/runtime/openapi';
import { mediaType } from '../../modules/security/runtime';

/** The largest file `POST /api/v1/files` accepts: 5 MiB. */
export const maxFileBytes = 5 * 1024 * 1024;

/** Room for the multipart boundaries and part headers around the file (a long file name fits). */
const maxEnvelopeBytes = 64 * 1024;

/** The types a file may have, each known by its first bytes; anything else is refused with 415. */
const signatures: readonly { type: string; matches: (head: Buffer) => boolean }[] = [
  {
    type: 'image/png',
    matches: (head) => head.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')),
  },
  { type: 'image/jpeg', matches: (head) => head.subarray(0, 3).equals(Buffer.from('ffd8ff', 'hex')) },
  { type: 'image/gif', matches: (head) => /^GIF8[79]a/.test(head.toString('latin1', 0, 6)) },
  {
    type: 'image/webp',
    matches: (head) => head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP',
  },
  { type: 'application/pdf', matches: (head) => head.toString('latin1', 0, 5) === '%PDF-' },
];

/** The bytes a signature needs: WebP's is the longest, at 12. */
const headBytes = 12;

/** The type a file's first bytes prove, or `undefined`. The client's type and file name play no part. */
export function sniffType(head: Buffer): string | undefined {
  return signatures.find(({ matches }) => matches(head))?.type;
}

/** A stored file as the API answers with it; `name` is the client's, cleaned, and only ever data. */
export const storedFileOutput = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(signatures.map(({ type }) => type) as [string, ...string[]]),
  size: z.number().int().min(1).max(maxFileBytes),
  createdAt: z.iso.datetime(),
});

export type StoredFile = z.infer<typeof storedFileOutput>;

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

/** Where the bytes live: `<dataDir>/uploads/<id>`, next to the database. */
const uploadsDir = () => dataPath('uploads');
const storedPath = (id: string) => join(uploadsDir(), id);

function tooLarge(event: H3Event) {
  // Close the connection after answering, so the client stops sending the rest.
  setResponseHeader(event, 'connection', 'close');
  return createError({
    statusCode: 413,
    statusMessage: 'Payload Too Large',
    message: `Files are limited to ${maxFileBytes} bytes`,
  });
}

const unsupported = () =>
  createError({
    statusCode: 415,
    statusMessage: 'Unsupported Media Type',
    message: 'Send a PNG, JPEG, WebP, GIF or PDF file as multipart/form-data',
  });

const malformed = () =>
  createError({ statusCode: 400, message: 'The multipart body is malformed or cut off' });

/** Passes bytes through, counting them; refuses the stream with 415 unless its first bytes are an allowed type. */
class TypeSniffer extends Transform {
  type: string | undefined;
  size = 0;
  private head: Buffer[] = [];

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    if (this.type) return done(null, chunk);
    this.head.push(chunk);
    if (this.size < headBytes) return done();
    this.decide(done);
  }

  override _flush(done: TransformCallback) {
    if (this.type) return done();
    this.decide(done);
  }

  private decide(done: TransformCallback) {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.type = sniffType(head);
    return this.type ? done(null, head) : done(unsupported());
  }
}

/** Writes one file part to `path`, or removes what was written and rethrows. */
async function saveFile(file: Readable, path: string) {
  const sniffer = new TypeSniffer();
  try {
    await pipeline(file, sniffer, createWriteStream(path, { flags: 'wx' }));
    if (!sniffer.type) throw unsupported();
    return { type: sniffer.type, size: sniffer.size };
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
}

/**
 * Receives one file from a `multipart/form-data` body, field `file`, while it streams in
 * (busboy): more than `maxFileBytes` is refused with 413 as soon as it passes the cap, a type
 * its bytes don't prove with 415. The bytes go to a temporary file that is renamed to the
 * generated id only when complete, and the row is written last, so a refused, malformed or
 * cut-off upload leaves nothing behind.
 */
export async function receiveUpload(event: H3Event): Promise<StoredFile> {
  const request = event.node.req;
  if (mediaType(getRequestHeader(event, 'content-type') ?? '') !== 'multipart/form-data') throw unsupported();
  if (Number(getRequestHeader(event, 'content-length') ?? 0) > maxFileBytes + maxEnvelopeBytes) {
    throw tooLarge(event);
  }
  await mkdir(uploadsDir(), { recursive: true });
  const id = randomUUID();
  const partial = `${storedPath(id)}.part`;

  const received = await new Promise<{ name: string; type: string; size: number }>((done, fail) => {
    let saving: Promise<{ name: string; type: string; size: number }> | undefined;
    let current: Readable | undefined;
    // Whatever stops an upload (the cap, the type, busboy, the client) ends it as one JSON 4xx.
    const stop = (error: unknown) => {
      const refusal = isError(error) ? error : malformed();
      request.unpipe(parser);
      current?.destroy(refusal);
      setResponseHeader(event, 'connection', 'close');
      fail(refusal);
    };
    const parser = busboy({
      headers: request.headers,
      defParamCharset: 'utf8',
      // busboy calls a file that reaches `fileSize` too large, so a file of exactly the cap passes.
      limits: { files: 1, fields: 0, parts: 1, fileSize: maxFileBytes + 1 },
    });
    parser.on('file', (field, file, { filename }) => {
      if (field !== 'file') return void file.resume();
      current = file;
      file.once('limit', () => stop(tooLarge(event)));
      saving = saveFile(file, partial).then((saved) => {
        if (file.truncated) throw tooLarge(event);
        return { name: cleanFileName(filename), ...saved };
      });
      saving.catch(stop);
    });
    parser.once('close', () => {
      if (!saving)
        return stop(createError({ statusCode: 422, message: 'Attach the file in a field named `file`' }));
      saving.then(done, stop);
    });
    parser.once('error', stop);
    // A client that goes away mid-upload: its partial file is removed, nothing is stored.
    request.once('close', () => {
      if (!request.complete) stop(malformed());
    });
    request.pipe(parser);
  });

  const file = { id, ...received, createdAt: new Date().toISOString() };
  await rename(partial, storedPath(id));
  try {
    const db = await useDatabase();
    await db.sql`INSERT INTO files (id, name, type, size, created_at)
      VALUES (${file.id}, ${file.name}, ${file.type}, ${file.size}, ${file.createdAt})`;
  } catch (error) {
    await rm(storedPath(id), { force: true });
    throw error;
  }
  return file;
}

/** The newest 50 files, newest first. */
export async function listFiles(): Promise<StoredFile[]> {
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: StoredFile[] }>`SELECT id, name, type, size, created_at AS "createdAt"
    FROM files ORDER BY created_at DESC, id DESC LIMIT 50`;
  return rows.map((row) => ({ ...row, size: Number(row.size) }));
}

/** One stored file by id, or 404 through `createError` (a malformed id is no file either). */
export async function requireStoredFile(id: string | undefined): Promise<StoredFile> {
  const db = await useDatabase();
  const { rows = [] } = z.uuid().safeParse(id).success
    ? await db.sql<{ rows: StoredFile[] }>`SELECT id, name, type, size, created_at AS "createdAt"
        FROM files WHERE id = ${id}`
    : {};
  if (!rows[0]) throw createError({ statusCode: 404, statusMessage: 'File not found' });
  return { ...rows[0], size: Number(rows[0].size) };
}

/**
 * Sends a stored file as the type its bytes proved, never sniffed again by the browser: images
 * inline, anything else as a download in a CSP sandbox (a PDF's scripts get no origin), the
 * name in `Content-Disposition` encoded by RFC 6266 / 8187 (`filename*`) with an ASCII fallback.
 */
export function sendStoredFile(event: H3Event, file: StoredFile): Promise<void> {
  const image = file.type.startsWith('image/');
  setResponseHeaders(event, {
    'content-type': file.type,
    'content-length': file.size,
    'content-disposition': contentDisposition(file.name, { type: image ? 'inline' : 'attachment' }),
    'x-content-type-options': 'nosniff',
    'content-security-policy': image ? "default-src 'none'" : "default-src 'none'; sandbox",
    'cache-control': 'private, max-age=31536000, immutable',
  });
  return sendStream(event, createReadStream(storedPath(file.id)));
}

const binary = { type: 'string', contentMediaType: 'application/octet-stream' };
const errorBody = { $ref: '#/components/schemas/ErrorBody' };
const refusal = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorBody } },
});

/** `POST /api/v1/files` in the OpenAPI document: the multipart body and every refusal of receiveUpload. */
export const uploadOperation: OperationExtension = {
  requestBody: {
    required: true,
    content: {
      'multipart/form-data': {
        schema: { type: 'object', required: ['file'], properties: { file: binary } },
      },
    },
  },
  responses: {
    201: {
      description: 'Stored: the file record, its type the one its bytes proved.',
      content: { 'application/json': { schema: toJsonSchema(storedFileOutput, 'output', {}) } },
    },
    400: refusal('The multipart body is malformed, or the upload was cut off; nothing was stored.'),
    413: refusal(`The file is over ${maxFileBytes} bytes; refused while it streams in.`),
    415: refusal('Not multipart/form-data, or the bytes are not a PNG, JPEG, WebP, GIF or PDF.'),
    422: refusal('No part named `file`.'),
  },
};

/** `GET /api/v1/files/:id` in the OpenAPI document: the stored bytes, in the type they were sniffed as. */
export const downloadOperation: OperationExtension = {
  responses: {
    200: {
      description: 'The file, with `Content-Disposition` and, unless it is an image, a CSP sandbox.',
      content: Object.fromEntries(signatures.map(({ type }) => [type, { schema: binary }])),
    },
  },
};

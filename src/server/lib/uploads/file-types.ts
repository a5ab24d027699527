import { createError } from 'h3';
import { Transform, type TransformCallback } from 'node:stream';

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

/** Every type an upload may be stored as. */
export const fileTypes = signatures.map(({ type }) => type) as [string, ...string[]];

/** The bytes a signature needs: WebP's is the longest, at 12. */
const headBytes = 12;

/** The type a file's first bytes prove, or `undefined`. The client's type and file name play no part. */
export function sniffType(head: Buffer): string | undefined {
  return signatures.find(({ matches }) => matches(head))?.type;
}

export const unsupported = () =>
  createError({
    statusCode: 415,
    statusMessage: 'Unsupported Media Type',
    message: 'Send a PNG, JPEG, WebP, GIF or PDF file as multipart/form-data',
  });

/** Passes bytes through, counting them; refuses the stream with 415 unless its first bytes are an allowed type. */
export class TypeSniffer extends Transform {
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

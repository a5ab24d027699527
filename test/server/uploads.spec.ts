import { parse as parseDisposition } from 'content-disposition';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';

import { rawRequest } from '../support/raw-request';

const baseUrl = inject('baseUrl');
const uploadsDir = join(inject('dataDir'), 'uploads');
const MiB = 1024 * 1024;
const boundary = 'spec-boundary-7MA4YWxkTrZu0gW';
const multipartType = `multipart/form-data; boundary=${boundary}`;

const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 1)]);
const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /JavaScript (app.alert(1)) >> endobj\n%%EOF\n');

interface Stored {
  id: string;
  name: string;
  type: string;
  size: number;
  createdAt: string;
}

/** The head of a multipart body with one file part; the file's bytes follow it. */
function partHead(filename: string, field = 'file', type = 'application/octet-stream'): Buffer {
  return Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
}
const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
const multipart = (bytes: Buffer, filename = 'upload.bin', field?: string, type?: string) =>
  Buffer.concat([partHead(filename, field, type), bytes, closing]);

const upload = (body: Buffer, headers: Record<string, string> = {}) =>
  rawRequest(baseUrl, { method: 'POST', path: '/api/v1/files', contentType: multipartType, body, headers });

/** What is on disk under uploads/ (made by the first upload): stored files and any partial ones. */
const onDisk = () => (existsSync(uploadsDir) ? readdirSync(uploadsDir).sort() : []);

async function expectNothingStored(before: string[]) {
  await expect.poll(onDisk).toEqual(before);
}

async function download(id: string) {
  const response = await fetch(`${baseUrl}/api/v1/files/${id}`);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/**
 * Streams a multipart upload of `total` file bytes in 64 KiB chunks without a Content-Length,
 * and reports how much had been sent when the server answered.
 */
function streamUpload(
  total: number,
  { declareLength = false } = {},
): Promise<{ status: number; body: string; headers: IncomingHttpHeaders; sentBeforeAnswer: number }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const client = request({
      hostname,
      port,
      path: '/api/v1/files',
      method: 'POST',
      headers: {
        'content-type': multipartType,
        // The whole body's length up front, as a browser's form post sends it.
        ...(declareLength && {
          'content-length': partHead('big.png').length + png.length + total + closing.length,
        }),
      },
    });
    client.on('response', (response) => {
      answered = true;
      const sentBeforeAnswer = sent;
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body, headers: response.headers, sentBeforeAnswer }),
      );
    });
    client.on('error', (error) => (answered ? undefined : reject(error)));
    client.write(Buffer.concat([partHead('big.png'), png]));
    const pump = () => {
      if (answered || client.destroyed) return;
      if (sent >= total) return void client.end(closing);
      sent += 64 * 1024;
      client.write(Buffer.alloc(64 * 1024), () => setTimeout(pump, 2));
    };
    pump();
  });
}

describe('POST /api/v1/files', () => {
  it('stores a PNG under a new id and answers 201 with its record', async () => {
    const response = await upload(multipart(png, 'photo.png', 'file', 'image/png'));
    expect(response.status).toBe(201);
    const stored = JSON.parse(response.body) as Stored;
    expect(stored).toMatchObject({ name: 'photo.png', type: 'image/png', size: png.length });
    expect(readFileSync(join(uploadsDir, stored.id))).toEqual(png);
  });

  it('decides the type from the bytes, not from the name or the part type', async () => {
    const response = await upload(multipart(png, 'report.pdf', 'file', 'application/pdf'));
    expect(response.status).toBe(201);
    expect(JSON.parse(response.body)).toMatchObject({ type: 'image/png', name: 'report.pdf' });
  });

  it('refuses HTML dressed as a PNG with 415 and stores nothing', async () => {
    const before = onDisk();
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const response = await upload(multipart(html, 'cat.png', 'file', 'image/png'));
    expect(response.status).toBe(415);
    expect(JSON.parse(response.body)).toMatchObject({ statusCode: 415 });
    await expectNothingStored(before);
  });

  it('refuses a polyglot whose first bytes are HTML, even with a PNG inside, with 415', async () => {
    const before = onDisk();
    const response = await upload(multipart(Buffer.concat([Buffer.from('<svg onload=alert(1)>'), png])));
    expect(response.status).toBe(415);
    await expectNothingStored(before);
  });

  it('serves a GIF/HTML polyglot only as image/gif, never as something a browser would run', async () => {
    const gifar = Buffer.from('GIF89a/*<html><script>alert(1)</script></html>*/');
    const response = await upload(multipart(gifar, 'x.html'));
    expect(response.status).toBe(201);
    const { id } = JSON.parse(response.body) as Stored;
    const { response: served } = await download(id);
    expect(served.headers.get('content-type')).toBe('image/gif');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'");
  });

  it('refuses a body that is not multipart with 415', async () => {
    const response = await rawRequest(baseUrl, {
      method: 'POST',
      path: '/api/v1/files',
      contentType: 'application/json',
      body: '{"file":"iVBORw0KGgo="}',
    });
    expect(response.status).toBe(415);
  });

  it('answers 422 when no part is named `file`', async () => {
    const response = await upload(multipart(png, 'photo.png', 'image'));
    expect(response.status).toBe(422);
  });

  it('accepts a 2 MiB file: the global 1 MiB body cap does not apply to this route', async () => {
    const response = await upload(multipart(Buffer.concat([png, Buffer.alloc(2 * MiB)])));
    expect(response.status).toBe(201);
    expect(JSON.parse(response.body)).toMatchObject({ size: png.length + 2 * MiB });
  });

  it('accepts a file of exactly 5 MiB', async () => {
    const response = await upload(multipart(Buffer.concat([png, Buffer.alloc(5 * MiB - png.length)])));
    expect(response.status).toBe(201);
    expect(JSON.parse(response.body)).toMatchObject({ size: 5 * MiB });
  });

  it('refuses a file one byte over 5 MiB with 413 and stores nothing', async () => {
    const before = onDisk();
    const response = await upload(multipart(Buffer.concat([png, Buffer.alloc(5 * MiB + 1 - png.length)])));
    expect(response.status).toBe(413);
    await expectNothingStored(before);
  });

  it('refuses a declared Content-Length over 5 MiB with 413 before reading the body', async () => {
    const before = onDisk();
    const answer = await streamUpload(6 * MiB, { declareLength: true });
    expect(answer.status).toBe(413);
    expect(answer.headers['connection']).toBe('close');
    expect(answer.sentBeforeAnswer).toBeLessThan(6 * MiB);
    await expectNothingStored(before);
  });

  it('refuses a streamed file with 413 as it passes 5 MiB, long before the client finishes', async () => {
    const before = onDisk();
    const answer = await streamUpload(40 * MiB);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 413 });
    expect(answer.sentBeforeAnswer).toBeLessThan(20 * MiB);
    await expectNothingStored(before);
  });

  it('answers 400 to a multipart body cut short of its closing boundary, and stores nothing', async () => {
    const before = onDisk();
    const response = await upload(Buffer.concat([partHead('photo.png'), png]));
    expect(response.status).toBe(400);
    await expectNothingStored(before);
  });

  it('leaves nothing behind when the client goes away mid-upload', async () => {
    const before = onDisk();
    const { hostname, port } = new URL(baseUrl);
    const client = request({
      hostname,
      port,
      path: '/api/v1/files',
      method: 'POST',
      headers: { 'content-type': multipartType, 'content-length': String(3 * MiB) },
    });
    client.on('error', () => undefined);
    client.write(Buffer.concat([partHead('photo.png'), png, Buffer.alloc(MiB)]));
    // The server has started writing the file before the connection drops.
    await expect.poll(() => onDisk().some((name) => name.endsWith('.part'))).toBe(true);
    client.destroy();
    await expectNothingStored(before);
  });

  it('refuses a multipart upload posted from another site with 403', async () => {
    const response = await upload(multipart(png), { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
  });
});

describe('POST /api/v1/files with hostile file names', () => {
  it.each([
    ['a path', '../../etc/passwd', 'passwd'],
    ['a Windows path', '..\\..\\boot.ini', 'boot.ini'],
    ['a right-to-left override', 'invoice\u202egnp.exe', 'invoicegnp.exe'],
    ['only dots', '..', 'file'],
  ])('keeps %s as data only: stored under the id, the name cleaned', async (_case, sent, kept) => {
    const response = await upload(multipart(png, sent));
    expect(response.status).toBe(201);
    const stored = JSON.parse(response.body) as Stored;
    expect(stored.name).toBe(kept);
    expect(onDisk()).toContain(stored.id);
  });

  it('strips a NUL byte sent in an RFC 8187 `filename*`', async () => {
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''photo.png%00.exe\r\n\r\n`,
    );
    const response = await upload(Buffer.concat([head, png, closing]));
    expect(response.status).toBe(201);
    expect((JSON.parse(response.body) as Stored).name).toBe('photo.png.exe');
  });

  it('answers 400 to a raw NUL byte in the part header, and stores nothing', async () => {
    const before = onDisk();
    const response = await upload(multipart(png, 'photo.png\0.exe'));
    expect(response.status).toBe(400);
    await expectNothingStored(before);
  });

  it('cuts a very long name to 200 characters', async () => {
    const response = await upload(multipart(png, `${'é'.repeat(5000)}.png`));
    expect(response.status).toBe(201);
    expect(Array.from((JSON.parse(response.body) as Stored).name)).toHaveLength(200);
  });
});

describe('GET /api/v1/files', () => {
  it('lists the newest files first, as stored', async () => {
    const first = JSON.parse((await upload(multipart(png, 'first.png'))).body) as Stored;
    const second = JSON.parse((await upload(multipart(pdf, 'second.pdf'))).body) as Stored;
    const response = await fetch(`${baseUrl}/api/v1/files`);
    expect(response.status).toBe(200);
    const list = (await response.json()) as Stored[];
    expect(list.slice(0, 2)).toEqual([second, first]);
  });
});

describe('GET /api/v1/files/:id', () => {
  it('sends an image inline, in its sniffed type, with nosniff and the bytes as stored', async () => {
    const { id } = JSON.parse((await upload(multipart(png, 'café; menü ü.png'))).body) as Stored;
    const { response, bytes } = await download(id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(bytes).toEqual(png);
    const disposition = response.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^inline; filename="[\x20-\x7e]*"; filename\*=UTF-8''/);
    expect(parseDisposition(disposition).parameters['filename']).toBe('café; menü ü.png');
  });

  it('sends a PDF as an attachment inside a CSP sandbox', async () => {
    const { id } = JSON.parse((await upload(multipart(pdf, 'statement.pdf'))).body) as Stored;
    const { response, bytes } = await download(id);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(bytes).toEqual(pdf);
  });

  it('answers 404 for an unknown id and for a malformed one', async () => {
    expect((await fetch(`${baseUrl}/api/v1/files/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/api/v1/files/..%2f..%2fapp.sqlite`)).status).toBe(404);
  });
});

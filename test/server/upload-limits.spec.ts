import { existsSync, readdirSync } from 'node:fs';
import { type ClientRequest, request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type RunningServer, startProductionServer } from '../support/server';
import { errorLines, stopAndCheckLog } from '../support/server-log';
import { newAccount, signUp } from '../support/sessions';

const MiB = 1024 * 1024;
/** The route's cap on a whole request: the 5 MiB file and 64 KiB for boundaries and part headers. */
const capBytes = 5 * MiB + 64 * 1024;
const chunkBytes = 64 * 1024;
const boundary = 'limits-boundary-7MA4YWxk';
const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(53, 1)]);

/** The `.part` files in `server`'s uploads folder: uploads being written, or left behind. */
const partFiles = (server: RunningServer) => {
  const dir = join(server.dataDir, 'uploads');
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.part')) : [];
};

const part = (name: string, filename: string) =>
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );

interface Outcome {
  status: number | string;
  /** Bytes handed to the socket when the answer came, and when the connection ended. */
  sentBeforeAnswer: number;
  sentInAll: number;
}

/** A chunked multipart `POST /api/v1/files` to `server` as `cookie`, its body still to write. */
function uploadRequest(server: RunningServer, cookie: string): ClientRequest {
  const { hostname, port } = new URL(server.url);
  return request({
    hostname,
    port,
    path: '/api/v1/files',
    method: 'POST',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/**
 * Streams `POST /api/v1/files` chunked: `head`, then `junkBytes` in 64 KiB chunks as fast as the
 * socket takes them, and keeps sending after the answer, as an attacker would, until the server
 * closes the connection or everything is sent.
 */
function streamUpload(server: RunningServer, cookie: string, head: Buffer, junkBytes: number) {
  return new Promise<Outcome>((resolve) => {
    const outcome: Outcome = { status: 'no answer', sentBeforeAnswer: 0, sentInAll: 0 };
    const client = uploadRequest(server, cookie);
    client.on('response', (response) => {
      outcome.status = response.statusCode ?? 0;
      outcome.sentBeforeAnswer = outcome.sentInAll;
      response.resume();
    });
    client.on('error', (error: NodeJS.ErrnoException) => {
      if (outcome.status === 'no answer') outcome.status = error.code ?? 'error';
    });
    client.on('close', () => resolve(outcome));
    const chunk = Buffer.alloc(chunkBytes, 'j');
    client.write(head);
    const pump = () => {
      while (!client.destroyed && outcome.sentInAll < junkBytes) {
        outcome.sentInAll += chunk.length;
        if (!client.write(chunk)) return void client.once('drain', pump);
      }
      if (!client.destroyed) client.end(`\r\n--${boundary}--\r\n`);
    };
    pump();
  });
}

describe('POST /api/v1/files: the cap is on the whole request', () => {
  let server: RunningServer;
  let cookie: string;

  beforeAll(async () => {
    // Eight uploads of one account at once: more than its share of the temporary-file budget
    // (10 MiB by default), which the spec below proves on a server of its own.
    server = await startProductionServer(undefined, { BUDGET_TEMP_FILE_BYTES_PER_CALLER: String(64 * MiB) });
    cookie = await signUp(server.url, newAccount('Uploader'));
  }, 120_000);
  afterAll(() => stopAndCheckLog(server));

  it('refuses a 1.5 GiB junk part after a small PNG with 413 and stops reading', async () => {
    const head = Buffer.concat([
      part('file', 'small.png'),
      png,
      Buffer.from('\r\n'),
      part('junk', 'junk.bin'),
    ]);
    const outcome = await streamUpload(server, cookie, head, 1_536 * MiB);
    expect(outcome.status).toBe(413);
    // What the server read (at most the cap and one chunk) and what the two kernels' buffers held.
    expect(outcome.sentBeforeAnswer).toBeLessThan(capBytes + chunkBytes + 32 * MiB);
    // After the answer it reads and throws away 16 MiB at most, then closes.
    expect(outcome.sentInAll).toBeLessThan(capBytes + 16 * MiB + 64 * MiB);
  }, 60_000);

  it('answers clients still sending a file over the cap with 413, not a reset, and logs no error for them', async () => {
    const before = errorLines(server.output()).length;
    const head = Buffer.concat([part('file', 'big.png'), png]);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => streamUpload(server, cookie, head, 12 * MiB)),
    );
    expect(outcomes.map(({ status }) => status)).toEqual(outcomes.map(() => 413));
    // What a second stop used to throw after the answer went out, a while later.
    await new Promise((settle) => setTimeout(settle, 500));
    expect(errorLines(server.output()).slice(before)).toEqual([]);
  }, 60_000);

  it('removes the part file of each upload refused after a file of exactly 5 MiB, before it answers', async () => {
    // The whole file arrives and is written; the 413 comes with the part after it.
    const head = Buffer.concat([
      part('file', 'exact.png'),
      png,
      Buffer.alloc(5 * MiB - png.length),
      Buffer.from('\r\n'),
      part('junk', 'junk.bin'),
    ]);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => streamUpload(server, cookie, head, 2 * MiB)),
    );
    expect(outcomes.map(({ status }) => status)).toEqual(outcomes.map(() => 413));
    expect(partFiles(server)).toEqual([]);
  }, 60_000);
});

/** Starts a chunked upload of a PNG and `bytes` more as `cookie`, and leaves it open. */
function openUpload(server: RunningServer, cookie: string, bytes: number): ClientRequest {
  const client = uploadRequest(server, cookie);
  client.on('error', () => undefined);
  client.write(Buffer.concat([part('file', 'open.png'), png, Buffer.alloc(bytes)]));
  return client;
}

describe('POST /api/v1/files: temporary files are budgeted per account', () => {
  let server: RunningServer;

  beforeAll(async () => {
    // Room for two uploads of unknown length (5 MiB each) per account at once.
    server = await startProductionServer(undefined, { BUDGET_TEMP_FILE_BYTES_PER_CALLER: String(10 * MiB) });
  }, 120_000);
  afterAll(() => stopAndCheckLog(server));

  it("answers an account's third upload at once with 429 and Retry-After, creating no file, and not another account's", async () => {
    const [cookie, other] = [
      await signUp(server.url, newAccount('Busy')),
      await signUp(server.url, newAccount('Other')),
    ];
    const open = [openUpload(server, cookie, 64 * 1024), openUpload(server, cookie, 64 * 1024)];
    await expect.poll(() => partFiles(server).length).toBe(2);

    const body = Buffer.concat([part('file', 'third.png'), png, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const post = (as: string) =>
      fetch(`${server.url}/api/v1/files`, {
        method: 'POST',
        body,
        headers: { cookie: as, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    const third = await post(cookie);
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('5');
    expect(await third.json()).toMatchObject({
      statusCode: 429,
      message: expect.stringMatching(/per client/),
    });
    expect(readdirSync(join(server.dataDir, 'uploads'))).toHaveLength(2);

    expect((await post(other)).status).toBe(201);
    for (const client of open) client.destroy();
    await expect.poll(() => partFiles(server)).toEqual([]);
    expect((await post(cookie)).status).toBe(201);
  });
});

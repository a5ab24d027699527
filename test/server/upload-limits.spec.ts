import { request } from 'node:http';
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

/**
 * Streams `POST /api/v1/files` chunked: `head`, then `junkBytes` in 64 KiB chunks as fast as the
 * socket takes them, and keeps sending after the answer, as an attacker would, until the server
 * closes the connection or everything is sent.
 */
function streamUpload(server: RunningServer, cookie: string, head: Buffer, junkBytes: number) {
  const { hostname, port } = new URL(server.url);
  return new Promise<Outcome>((resolve) => {
    const outcome: Outcome = { status: 'no answer', sentBeforeAnswer: 0, sentInAll: 0 };
    const client = request({
      hostname,
      port,
      path: '/api/v1/files',
      method: 'POST',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
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
    server = await startProductionServer();
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
});

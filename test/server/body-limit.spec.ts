import { request } from 'node:http';
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');
const MiB = 1024 * 1024;

interface Upload {
  status: number;
  type: string;
  body: string;
  /** Bytes the client had written when the answer arrived. */
  sentBeforeAnswer: number;
}

/**
 * Streams `total` bytes in 64 KiB chunks without a Content-Length (chunked), one chunk per
 * tick, and records how much was sent when the server answered.
 */
function streamUpload(path: string, contentType: string, total: number, prefix = ''): Promise<Upload> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const upload = request({
      hostname,
      port,
      path,
      method: 'POST',
      headers: { 'content-type': contentType },
    });
    upload.on('response', (response) => {
      answered = true;
      const sentBeforeAnswer = sent;
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          type: response.headers['content-type'] ?? '',
          body,
          sentBeforeAnswer,
        }),
      );
    });
    upload.on('error', (error) => (answered ? undefined : reject(error)));
    upload.write(prefix);
    sent += prefix.length;
    const pump = () => {
      if (answered || upload.destroyed) return;
      if (sent >= total) return void upload.end();
      const chunk = 'a'.repeat(64 * 1024);
      sent += chunk.length;
      upload.write(chunk, () => setTimeout(pump, 5));
    };
    pump();
  });
}

describe('request body limit (1 MiB)', () => {
  it('answers a declared Content-Length over 1 MiB with a JSON 413', async () => {
    const response = await fetch(`${baseUrl}/api/v1/users`, {
      method: 'POST',
      body: JSON.stringify({ name: 'x'.repeat(MiB + 10) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ statusCode: 413 });
  });

  it('stops a streamed JSON body while it streams in, long before the client finishes', async () => {
    const upload = await streamUpload('/api/v1/todos', 'application/json', 8 * MiB, '{"title":"');
    expect(upload.status).toBe(413);
    expect(upload.type).toMatch(/^application\/json/);
    expect(upload.sentBeforeAnswer).toBeLessThan(4 * MiB);
  });

  it('stops a streamed multipart body the same way', async () => {
    const boundary = 'limit-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\n`;
    const upload = await streamUpload(
      '/api/v1/contact',
      `multipart/form-data; boundary=${boundary}`,
      8 * MiB,
      head,
    );
    expect(upload.status).toBe(413);
    expect(upload.sentBeforeAnswer).toBeLessThan(4 * MiB);
  });

  it('lets a GET with a body pass at once: no route reads a GET body, so the guards have no work', async () => {
    const { hostname, port } = new URL(baseUrl);
    const status = await new Promise<number>((resolve, reject) => {
      const get = request({
        hostname,
        port,
        path: '/api/v1/hello',
        method: 'GET',
        headers: { 'content-type': 'application/json', 'content-length': String(2 * MiB) },
      });
      get.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      get.on('error', reject);
      get.end('a'.repeat(2 * MiB));
    });
    expect(status).toBe(200);
  });

  it('still accepts a body just under the limit', async () => {
    const response = await fetch(`${baseUrl}/api/v1/contact`, {
      method: 'POST',
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'x'.repeat(MiB - 200) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(422);
    const issues = (await response.json()) as { path: string[] }[];
    expect(issues.map((issue) => issue.path[0])).toEqual(['message']);
  });
});

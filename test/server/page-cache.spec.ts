import { createDatabase } from 'db0';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sqliteConnector } from '../support/sqlite';
import { serverEntry } from '../support/build';
import { type RunningServer, startProductionServer } from '../support/server';

// A server of its own: the spec writes to its SQLite file behind the server's back.
const dataDir = mkdtempSync(join(tmpdir(), 'page-cache-'));
let server: RunningServer;

beforeAll(async () => {
  server = await startProductionServer(serverEntry, { DATA_DIR: dataDir });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const nonceOf = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { headers });
  expect(response.status).toBe(200);
  return { response, html: await response.text(), nonce: nonceOf(response) };
}

const addTodo = (title: string) =>
  fetch(`${server.url}/api/v1/todos`, {
    method: 'POST',
    body: JSON.stringify({ title }),
    headers: { 'content-type': 'application/json' },
  });

/** A todo written straight into the database, as another process sharing it would. */
async function insertBehindTheServersBack(title: string): Promise<void> {
  const db = createDatabase(sqliteConnector({ path: join(dataDir, 'app.sqlite') }));
  try {
    await db.sql`INSERT INTO todos (id, title, done, created_at)
      VALUES (${randomUUID()}, ${title}, 0, ${new Date().toISOString()})`;
  } finally {
    await db.dispose();
  }
}

/** Every attribute value the page's `nonce` and `ngcspnonce` attributes hold. */
const nonceAttributes = (html: string) =>
  [...html.matchAll(/\s(?:ngcsp)?nonce="([^"]*)"/gi)].map(([, value]) => value);

describe('cached pages (/todos, /search, /contact)', () => {
  it('give each response its own nonce, in the policy and in every nonce attribute', async () => {
    const [first, second] = [await page('/todos'), await page('/todos')];
    expect(first.nonce).toBeTruthy();
    expect(second.nonce).not.toBe(first.nonce);
    for (const { html, nonce } of [first, second]) {
      expect(nonceAttributes(html).length).toBeGreaterThanOrEqual(3);
      expect(new Set(nonceAttributes(html))).toEqual(new Set([nonce]));
    }
    expect(second.html.replaceAll(second.nonce!, first.nonce!)).toBe(first.html);
  });

  it('send the same headers from the cache as from a render', async () => {
    const names = (response: Response) => [...response.headers.keys()].filter((name) => name !== 'date');
    const [first, second] = [await page('/contact'), await page('/contact')];
    expect(names(second.response)).toEqual(names(first.response));
    expect(second.response.headers.get('content-type')).toBe(first.response.headers.get('content-type'));
  });

  it('serve a page from memory: a row written behind the server’s back shows only after max-age (1 s)', async () => {
    await page('/todos');
    await insertBehindTheServersBack('Written by another process');
    expect((await page('/todos')).html).not.toContain('Written by another process');
    await new Promise((wait) => setTimeout(wait, 1_100));
    expect((await page('/todos')).html).toContain('Written by another process');
  });

  it('show a write through the API on the very next request', async () => {
    await page('/todos');
    expect((await addTodo('Added through the API')).status).toBe(201);
    expect((await page('/todos')).html).toContain('Added through the API');
  });

  it('never turn text from data into a nonce', async () => {
    const title = 'nonce="CSP_NONCE_PLACEHOLDER" CSP_NONCE_PLACEHOLDER';
    expect((await addTodo(title)).status).toBe(201);
    await page('/todos');
    const { html, nonce } = await page('/todos');
    expect(html).toContain('CSP_NONCE_PLACEHOLDER');
    expect(new Set(nonceAttributes(html))).toEqual(new Set([nonce]));
    expect(html.split(nonce!).length - 1).toBe(nonceAttributes(html).length);
  });
});

describe('pages that read or set cookies', () => {
  it('render /cookies on every request, from that request’s cookies', async () => {
    const first = await page('/cookies', { cookie: 'theme=dark' });
    const second = await page('/cookies', { cookie: 'theme=light' });
    expect(first.html).toContain('dark');
    expect(second.html).toContain('light');
    expect(second.html).not.toContain('dark');
  });

  it('set the cookie of / on every response', async () => {
    for (let n = 0; n < 2; n += 1) {
      const { response } = await page('/');
      expect(response.headers.get('set-cookie')).toMatch(/^products=loaded/);
    }
  });
});

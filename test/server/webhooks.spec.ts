import { createDatabase } from 'db0';
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { sqliteConnector } from '../support/sqlite';
import type { OpenApiDocument } from '../../src/modules/api-contract';
import { serverEntry } from '../support/build';
import { contractChecker } from '../support/openapi-contract';
import {
  type InstancesOnPostgres,
  type RunningServer,
  startInstancesOnPostgres,
  startProductionServer,
} from '../support/server';

/** The secret the provider signs with now, and the one before it, still accepted while it rotates. */
const secret = 'whsec_webhooks-spec-current-secret-0123456789';
const previousSecret = 'whsec_webhooks-spec-previous-secret-987654';
const env = { WEBHOOK_SECRET: `${secret},${previousSecret}` };
const path = '/api/v1/webhooks/payments';

let server: RunningServer;
let check: ReturnType<typeof contractChecker>;

beforeAll(async () => {
  server = await startProductionServer(serverEntry, env);
  const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenApiDocument;
  check = contractChecker(document);
}, 120_000);

afterAll(() => server?.stop());

const now = () => Math.floor(Date.now() / 1000);

/** A `Webhook-Signature` header for `body`, as the provider computes it: HMAC-SHA256 of `<t>.<body>`. */
const sign = (body: string, { key = secret, t = now() } = {}) =>
  `t=${t},v1=${createHmac('sha256', key).update(`${t}.${body}`).digest('hex')}`;

/** A payment event with a fresh id, for a payment of its own unless one is given. */
function paymentEvent(
  type = 'payment.succeeded',
  paymentId = `pay_${crypto.randomUUID()}`,
  amount: unknown = 1999,
) {
  return {
    paymentId,
    body: JSON.stringify({
      id: `evt_${crypto.randomUUID()}`,
      type,
      created: now(),
      data: { object: { id: paymentId, amount, currency: 'eur' } },
    }),
  };
}

/** POSTs a delivery as a provider's server does (no cookie, no `Origin`), and checks the answer against /api/openapi.json. */
async function deliver(
  body: string,
  signature: string | null = sign(body),
  { to = server.url, headers = {} }: { to?: string; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${to}${path}`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      ...(signature !== null && { 'webhook-signature': signature }),
      ...headers,
    },
  });
  const text = await response.text();
  if (to === server.url) {
    const problems = check({
      method: 'POST',
      path,
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      body: text,
    });
    expect(problems).toEqual([]);
  }
  return { status: response.status, body: JSON.parse(text) as Record<string, unknown> };
}

/** The payment as the webhooks left it in the server's SQLite file. */
async function storedPayment(paymentId: string) {
  const db = createDatabase(sqliteConnector({ path: join(server.dataDir, 'app.sqlite') }));
  try {
    const { rows = [] } =
      await db.sql`SELECT status, amount, currency, events FROM payments WHERE id = ${paymentId}`;
    return rows[0];
  } finally {
    await db.dispose();
  }
}

describe('POST /api/v1/webhooks/payments', () => {
  it('accepts a correctly signed event with 202, and processes it after the answer', async () => {
    const { paymentId, body } = paymentEvent();
    expect(await deliver(body)).toEqual({ status: 202, body: { received: true, duplicate: false } });
    await expect
      .poll(() => storedPayment(paymentId))
      .toEqual({ status: 'succeeded', amount: 1999, currency: 'eur', events: 1 });
  });

  it('accepts an event signed with the previous secret while it rotates, and a header with several v1 values', async () => {
    const first = paymentEvent();
    expect((await deliver(first.body, sign(first.body, { key: previousSecret }))).status).toBe(202);
    const second = paymentEvent();
    const t = now();
    const stale = sign(second.body, { key: 'whsec_a-secret-the-provider-retired-long-ago', t }).split(',')[1];
    expect((await deliver(second.body, `${sign(second.body, { t })},${stale}`)).status).toBe(202);
  });

  it('refuses a signature made with another secret with 401 and stores nothing', async () => {
    const { paymentId, body } = paymentEvent();
    const response = await deliver(body, sign(body, { key: 'whsec_not-the-secret-of-this-endpoint-at-all' }));
    expect(response).toMatchObject({
      status: 401,
      body: { message: 'The signature does not match the body' },
    });
    // The same event, correctly signed, is still new: the refused delivery recorded nothing.
    expect((await deliver(body)).status).toBe(202);
    await expect.poll(() => storedPayment(paymentId)).toMatchObject({ events: 1 });
  });

  it('refuses a body changed after signing with 401', async () => {
    const { paymentId, body } = paymentEvent();
    const tampered = body.replace('1999', '1');
    expect((await deliver(tampered, sign(body))).status).toBe(401);
    // Whitespace the signature did not cover counts as tampering too: the bytes are what is signed.
    expect((await deliver(`${body} `, sign(body))).status).toBe(401);
    expect(await storedPayment(paymentId)).toBeUndefined();
  });

  it('refuses a timestamp over 5 minutes old, or ahead, with 401, even when correctly signed', async () => {
    const { body } = paymentEvent();
    // 30 s past the 5 minutes either way: a second's tick between signing and checking can't matter.
    const old = await deliver(body, sign(body, { t: now() - 330 }));
    expect(old).toMatchObject({ status: 401, body: { message: expect.stringMatching(/timestamp/) } });
    expect((await deliver(body, sign(body, { t: now() + 330 }))).status).toBe(401);
    expect((await deliver(body, sign(body, { t: now() - 240 }))).status).toBe(202);
  });

  it.each([
    ['no header', null],
    ['an empty header', ''],
    ['no timestamp', `v1=${'a'.repeat(64)}`],
    ['no v1 signature', `t=${now()}`],
    ['a truncated signature', `t=${now()},v1=abc123`],
    ['a non-numeric timestamp', `t=soon,v1=${'a'.repeat(64)}`],
    ['another format', 'sha256=0123456789abcdef'],
  ])('refuses a delivery with %s with 400', async (_name, signature) => {
    const { body } = paymentEvent();
    const response = await deliver(body, signature);
    expect(response.status).toBe(400);
    expect(response.body['message']).toMatch(/Webhook-Signature/);
  });

  it('refuses a signed body that is not an event with 400', async () => {
    for (const body of [
      'not json',
      '{"type":"payment.succeeded"}',
      '[]',
      '{"__proto__":{"id":"x"},"type":"t"}',
    ]) {
      expect((await deliver(body)).status).toBe(400);
    }
  });

  it('acknowledges a redelivery with 200 and does not process it again', async () => {
    const { paymentId, body } = paymentEvent();
    expect((await deliver(body)).status).toBe(202);
    await expect.poll(() => storedPayment(paymentId)).toMatchObject({ events: 1 });
    // Redelivered later, signed afresh as providers do.
    expect(await deliver(body, sign(body, { t: now() }))).toEqual({
      status: 200,
      body: { received: true, duplicate: true },
    });
    // A later event of the same payment is its second, not its third.
    expect((await deliver(paymentEvent('payment.refunded', paymentId).body)).status).toBe(202);
    await expect.poll(() => storedPayment(paymentId)).toMatchObject({ status: 'refunded', events: 2 });
  });

  it('processes one of 10 concurrent deliveries of one event, and acknowledges the other 9 with 200', async () => {
    const { paymentId, body } = paymentEvent();
    const responses = await Promise.all(Array.from({ length: 10 }, () => deliver(body)));
    expect(responses.map(({ status }) => status).sort()).toEqual([...Array(9).fill(200), 202]);
    expect((await deliver(paymentEvent('payment.refunded', paymentId).body)).status).toBe(202);
    await expect.poll(() => storedPayment(paymentId)).toMatchObject({ status: 'refunded', events: 2 });
  });

  it('refuses a body over 64 KiB with 413, and takes one of exactly 64 KiB', async () => {
    const { body } = paymentEvent('note.padded');
    const padded = (size: number) => `${body.slice(0, -1)},"pad":"${'x'.repeat(size - body.length - 9)}"}`;
    expect(Buffer.byteLength(padded(64 * 1024))).toBe(64 * 1024);
    expect((await deliver(padded(64 * 1024))).status).toBe(202);
    const over = paymentEvent('note.padded').body;
    const big = `${over.slice(0, -1)},"pad":"${'x'.repeat(64 * 1024 + 1 - over.length - 9)}"}`;
    expect(Buffer.byteLength(big)).toBe(64 * 1024 + 1);
    expect((await deliver(big)).status).toBe(413);
  });

  it('logs a failure after the answer with the request id and the event id', async () => {
    const { body } = paymentEvent('payment.succeeded', undefined, 'ten euros');
    const eventId = (JSON.parse(body) as { id: string }).id;
    const requestId = `webhook-spec-${crypto.randomUUID()}`;
    expect((await deliver(body, sign(body), { headers: { 'x-request-id': requestId } })).status).toBe(202);
    await expect
      .poll(() => server.output())
      .toContain(`[webhooks] event ${eventId} (request ${requestId}) failed: its payment is malformed`);
  });

  it('needs no cookie and sends no CORS headers, even to a browser Origin', async () => {
    const { body } = paymentEvent();
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        'webhook-signature': sign(body),
        origin: 'https://evil.example',
      },
    });
    expect(response.status).toBe(202);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('is documented as a public route whose signature is its authentication', async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenApiDocument;
    const operation = document.paths['/api/v1/webhooks/payments']?.['post'];
    expect(operation?.security).toEqual([]);
    expect(Object.keys(operation?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '202', '400', '401', '413', '503']),
    );
  });

  it('answers 503 when the server has no WEBHOOK_SECRET', async () => {
    const { body } = paymentEvent();
    const response = await deliver(body, sign(body), { to: inject('baseUrl') });
    expect(response).toMatchObject({
      status: 503,
      body: { message: expect.stringMatching(/WEBHOOK_SECRET/) },
    });
  });
});

describe('POST /api/v1/webhooks/payments on two servers sharing one PostgreSQL', () => {
  let instances: InstancesOnPostgres;
  let servers: RunningServer[] = [];

  beforeAll(async () => {
    instances = await startInstancesOnPostgres(env);
    servers = instances.servers;
  }, 120_000);

  afterAll(() => instances?.stop());

  async function storedOnPostgres(paymentId: string) {
    const client = new pg.Client(instances.databaseUrl);
    await client.connect();
    try {
      return (await client.query('SELECT status, events FROM payments WHERE id = $1', [paymentId])).rows[0];
    } finally {
      await client.end();
    }
  }

  it('processes one of 20 concurrent deliveries of one event spread over both', async () => {
    const { paymentId, body } = paymentEvent();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, n) => deliver(body, sign(body), { to: servers[n % 2].url })),
    );
    expect(responses.map(({ status }) => status).sort()).toEqual([...Array(19).fill(200), 202]);
    expect(
      (await deliver(paymentEvent('payment.refunded', paymentId).body, undefined, { to: servers[1].url }))
        .status,
    ).toBe(202);
    await expect.poll(() => storedOnPostgres(paymentId)).toEqual({ status: 'refunded', events: 2 });
  });
});

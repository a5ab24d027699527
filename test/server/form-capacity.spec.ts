import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { serverEntry } from '../support/build';
import { type RunningServer, startProductionServer } from '../support/server';

let server: RunningServer;

beforeAll(async () => {
  server = await startProductionServer(serverEntry, {
    FORMS_MAX_CONTACT_MESSAGES: '3',
    FORMS_MAX_SUBSCRIBERS: '2',
  });
}, 120_000);

afterAll(() => server.stop());

const postContact = () =>
  fetch(`${server.url}/api/v1/contact`, {
    method: 'POST',
    body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: randomUUID() }),
    headers: { 'content-type': 'application/json' },
  });

/** Posts the newsletter page's form to its server action, as the hydrated `FormAction` does. */
const subscribe = (email: string) =>
  fetch(`${server.url}/api/_analog/pages/newsletter`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({ name: 'Ada', email }),
    headers: { origin: server.url, accept: 'application/json' },
  });

async function expectFull(response: Response, store: string, limit: number) {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('3600');
  expect(response.headers.get('content-type')).toContain('application/json');
  expect(await response.json()).toMatchObject({
    statusCode: 503,
    message: `The ${store} store is full; try again later`,
    data: { limit },
  });
}

describe('POST /api/v1/contact with the store full (FORMS_MAX_CONTACT_MESSAGES)', () => {
  it('keeps 3 messages and answers the 4th with 503, Retry-After and the limit', async () => {
    for (let n = 0; n < 3; n++) expect((await postContact()).status).toBe(200);
    await expectFull(await postContact(), 'contact', 3);
  });
});

describe('PAGE /newsletter with the store full (FORMS_MAX_SUBSCRIBERS)', () => {
  it('keeps 2 subscribers, refuses a 3rd with 503, and still answers one signing up again', async () => {
    const first = `first-${randomUUID()}@example.com`;
    expect((await subscribe(first)).status).toBe(303);
    expect((await subscribe(`second-${randomUUID()}@example.com`)).status).toBe(303);
    await expectFull(await subscribe(`third-${randomUUID()}@example.com`), 'newsletter', 2);
    const again = await subscribe(first);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('/subscribed');
  });
});

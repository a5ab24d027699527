import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';

import { expect, expectHydrated, test } from '../test/support/fixtures';

/** Signs a fresh account up in the page's browser context: its pages then carry the session cookie. */
async function signUp(page: Page, name: string) {
  const response = await page.request.post('/api/v1/auth/sign-up', {
    data: { email: `${randomUUID()}@example.com`, name, password: 'correct horse battery' },
  });
  expect(response.status()).toBe(201);
}

async function openChat(page: Page) {
  await page.goto('/chat');
  await expectHydrated(page);
  await expect(page.getByRole('status')).toHaveText('Connected');
}

test.describe('PAGE /chat', () => {
  test('carries a message from one browser to another, with the sender’s name', async ({ page, browser }) => {
    const other = await (await browser.newContext()).newPage();
    await signUp(page, 'Ada');
    await signUp(other, 'Grace');
    await Promise.all([openChat(page), openChat(other)]);

    const text = `Tea at five? ${randomUUID()}`;
    await page.getByLabel('Message', { exact: true }).fill(text);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');

    const received = other
      .getByRole('log', { name: 'Messages' })
      .getByRole('listitem')
      .filter({ hasText: text });
    await expect(received).toContainText('Ada');
    await expect(
      page.getByRole('log', { name: 'Messages' }).getByRole('listitem').filter({ hasText: text }),
    ).toHaveCount(1);
    await other.context().close();
  });

  test('says the connection is lost, reconnects by itself, and fills the gap from the history', async ({
    page,
    browser,
  }) => {
    await signUp(page, 'Ada');
    // Each connection the page opens goes to the server through this route, so the test can drop one.
    const connections: { close: (options: { code: number; reason: string }) => Promise<void> }[] = [];
    await page.routeWebSocket('/ws/chat', (socket) => {
      socket.connectToServer();
      connections.push(socket);
    });
    await openChat(page);

    await connections[0].close({ code: 1001, reason: 'Server shutting down' });
    await expect(page.getByRole('status')).toContainText('Reconnecting in');
    // Meanwhile someone else writes.
    const other = await (await browser.newContext()).newPage();
    await signUp(other, 'Grace');
    await openChat(other);
    const text = `While you were away ${randomUUID()}`;
    await other.getByLabel('Message', { exact: true }).fill(text);
    await other.getByRole('button', { name: 'Send', exact: true }).click();

    await expect(page.getByRole('status')).toHaveText('Connected');
    expect(connections).toHaveLength(2);
    await expect(
      page.getByRole('log', { name: 'Messages' }).getByRole('listitem').filter({ hasText: text }),
    ).toHaveCount(1);
    await other.context().close();
  });
});

test.describe('PAGE /chat (signed out)', () => {
  test('offers to sign in without opening a socket the server would refuse', async ({ page }) => {
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    await page.goto('/chat');
    await expectHydrated(page);
    await expect(page.getByRole('status')).toHaveText('Sign in to chat.');
    await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute(
      'href',
      '/sign-in?next=%2Fchat',
    );
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
    expect(sockets).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../../services/test/harness.ts';
import { closeE2e, openE2e, SEEDED_ADMIN } from './support/app.ts';
import { waitFor } from '../../services/test/wait-for.ts';
import { explained, signInThroughPages } from './support/sign-in.ts';

/**
 * A socket ends when its access token expires; the page refreshes the token and listens again, so an admin who
 * leaves /user-interaction open keeps getting live rows (with 6-second tokens here instead of 15 minutes).
 */
describe('live updates outlast the access token', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ app, browser, page } = await openE2e({ ACCESS_TOKEN_TTL_SECONDS: '6' }));
  });
  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  it('reconnects with a refreshed token after expiry and still shows new interactions live', async () => {
    const sockets: string[] = [];
    page.on('websocket', (ws) => {
      if (ws.url().includes('/socket.io/')) sockets.push(ws.url());
    });
    await signInThroughPages(page, app, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    await page.goto('/user-interaction');
    const live = page.getByText('Live', { exact: true });
    await explained(page, () => live.waitFor({ timeout: 15_000 }));
    const opened = sockets.length;
    // The token runs out: the server ends the socket, the page refreshes its token and opens a new one.
    await waitFor(() => sockets.length > opened, { timeoutMs: 15_000, what: 'a new socket after the token expired' });
    await explained(page, () => live.waitFor({ timeout: 15_000 }));

    const buttonName = `after expiry ${Date.now().toString(36)}`;
    const stored = await fetch(`${app.url}/api/v1/user-interaction/store`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page_name: 'e2e-reconnect', button_name: buttonName }),
    });
    expect(stored.status).toBe(200);
    const grid = page.getByRole('table', { name: 'User interactions' });
    await explained(page, () => grid.getByRole('cell', { name: buttonName, exact: true }).waitFor({ timeout: 15_000 }));
    expect(page.url()).toMatch(/\/user-interaction$/); // never sent to sign in
  }, 90_000);

  it('shows, after live updates resume, an interaction recorded while they were off', async () => {
    // Hold the next token refresh back until the interaction below has been stored: the socket stays closed between
    // expiry and the new token, so the interaction lands in the gap however slowly either side runs.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/v1/auth/refresh', async (route) => {
      await held;
      await route.continue();
    });
    const off = page.getByText('Live updates off', { exact: true });
    await explained(page, () => off.waitFor({ timeout: 15_000 }));
    const buttonName = `during the gap ${Date.now().toString(36)}`;
    const stored = await fetch(`${app.url}/api/v1/user-interaction/store`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page_name: 'e2e-gap', button_name: buttonName }),
    });
    expect(stored.status).toBe(200);
    release();
    await page.getByText('Live', { exact: true }).waitFor({ timeout: 15_000 });
    const grid = page.getByRole('table', { name: 'User interactions' });
    await explained(page, () => grid.getByRole('cell', { name: buttonName, exact: true }).waitFor({ timeout: 10_000 }));
    await page.unroute('**/api/v1/auth/refresh');
  }, 90_000);
});

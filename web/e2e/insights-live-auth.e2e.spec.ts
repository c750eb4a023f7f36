import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../../services/test/harness.ts';
import { waitFor } from '../../services/test/wait-for.ts';
import { closeE2e, openE2e, SEEDED_ADMIN } from './support/app.ts';
import { explained, signInThroughPages } from './support/sign-in.ts';

/**
 * A laptop that sleeps through its token's expiry never hears the server end the socket: when it wakes, socket.io
 * reconnects by itself, with the expired token, and the server refuses the handshake (connect_error UNAUTHORIZED).
 * Simulated here by dropping the server's disconnect packet ("41") once: the transport then closes and socket.io
 * reconnects with the token it holds. The page must refresh the token and come back live.
 */
describe('live updates come back after a reconnect is refused for an expired token', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ app, browser, page } = await openE2e({ ACCESS_TOKEN_TTL_SECONDS: '6' }));
    await page.addInitScript(() => {
      const state = { swallowed: 0 };
      Object.assign(window, { e2eSocketState: state });
      const deliver = Object.getOwnPropertyDescriptor(WebSocket.prototype, 'onmessage')!;
      Object.defineProperty(WebSocket.prototype, 'onmessage', {
        configurable: true,
        get() {
          return deliver.get!.call(this);
        },
        set(handler: ((ev: MessageEvent) => void) | null) {
          deliver.set!.call(this, (ev: MessageEvent) => {
            // The first socket.io DISCONNECT from the server is lost, as it would be on a sleeping machine.
            if (state.swallowed === 0 && ev.data === '41') {
              state.swallowed++;
              return;
            }
            handler?.call(this, ev);
          });
        },
      });
    });
  });
  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  it('refreshes the token after the refusal and shows new interactions live again', async () => {
    const refusals: number[] = [];
    const refreshes: number[] = []; // times of successful refreshes
    page.on('websocket', (ws) => {
      ws.on('framereceived', (f) => {
        if (typeof f.payload === 'string' && f.payload.startsWith('44') && f.payload.includes('UNAUTHORIZED')) refusals.push(Date.now());
      });
    });
    page.on('response', (r) => {
      if (r.url().endsWith('/api/v1/auth/refresh') && r.ok()) refreshes.push(Date.now());
    });
    await signInThroughPages(page, app, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    await page.goto('/user-interaction');
    const live = page.getByText('Live', { exact: true });
    await explained(page, () => live.waitFor({ timeout: 15_000 }));

    await waitFor(() => page.evaluate(() => (window as unknown as { e2eSocketState: { swallowed: number } }).e2eSocketState.swallowed === 1), {
      timeoutMs: 20_000,
      what: 'the server to end the socket at token expiry (its packet dropped)',
    });
    await waitFor(() => refusals.length > 0, { timeoutMs: 15_000, what: 'the reconnect with the expired token to be refused' });
    await waitFor(() => refreshes.some((at) => at >= refusals[0]!), { timeoutMs: 15_000, what: 'a token refresh after the refusal' });
    await explained(page, () => live.waitFor({ timeout: 15_000 }));

    const buttonName = `after refusal ${Date.now().toString(36)}`;
    const stored = await fetch(`${app.url}/api/v1/user-interaction/store`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page_name: 'e2e-refused', button_name: buttonName }),
    });
    expect(stored.status).toBe(200);
    const grid = page.getByRole('table', { name: 'User interactions' });
    await explained(page, () => grid.getByRole('cell', { name: buttonName, exact: true }).waitFor({ timeout: 10_000 }));
    expect(page.url()).toMatch(/\/user-interaction$/);
  }, 90_000);
});

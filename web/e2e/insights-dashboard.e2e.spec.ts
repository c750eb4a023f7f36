import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../../services/test/harness.ts';
import { waitFor } from '../../services/test/wait-for.ts';
import { closeE2e, openE2e, SEEDED_ADMIN } from './support/app.ts';
import { explained, signInThroughPages } from './support/sign-in.ts';

/** The number a dashboard tile shows, or null while it loads. */
const tile = async (page: Page, title: string): Promise<number | null> => {
  const card = page.locator('.fui-Card', { has: page.getByRole('heading', { level: 2, name: title, exact: true }) });
  const m = (await card.innerText()).match(/^\s*(\d+)\s*$/m);
  return m ? Number(m[1]) : null;
};

/** Both tiles read in one task of the page, so they come from the same render (two reads can straddle one). */
const bothTiles = (page: Page): Promise<{ t: number | null; w: number | null }> =>
  page.evaluate(() => {
    const read = (title: string) => {
      const card = [...document.querySelectorAll<HTMLElement>('.fui-Card')].find((c) => [...c.querySelectorAll('h2')].some((h) => h.textContent?.trim() === title));
      const m = card?.innerText.match(/^\s*(\d+)\s*$/m);
      return m ? Number(m[1]) : null;
    };
    return { t: read('Interactions today'), w: read('Interactions this week') };
  });

describe('dashboard counters follow every live interaction', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ app, browser, page } = await openE2e());
  });
  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  /** The server's count since the page's own start of today (local midnight in the browser). */
  const apiToday = async (from: string): Promise<number> => {
    const token = await app.signInAs('Super Admin');
    const res = await fetch(`${app.url}/api/v1/admin/user-interactions/summary?from=${encodeURIComponent(from)}`, { headers: { Authorization: `Bearer ${token}` } });
    return ((await res.json()) as { data: { total: number } }).data.total;
  };

  it('adds all of 12 pushed interactions to the today and week tiles (not only the 10 newest rows)', async () => {
    // Keeps the page's WebSockets reachable, to cut the live connection later.
    await page.addInitScript(() => {
      const sockets: WebSocket[] = [];
      Object.assign(window, { __e2eSockets: sockets });
      const Native = window.WebSocket;
      window.WebSocket = class extends Native {
        constructor(...args: ConstructorParameters<typeof WebSocket>) {
          super(...args);
          sockets.push(this);
        }
      };
    });
    await signInThroughPages(page, app, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    await page.waitForURL('**/admin-dashboard');
    await explained(page, () => page.getByText('Live', { exact: true }).waitFor({ timeout: 15_000 }));
    const from = await page.evaluate(() => {
      const d = new Date();
      d.setHours(0, 0, 0, 0);
      return d.toISOString();
    });
    // The sign-in's own tracked clicks settle first.
    await waitFor(async () => (await tile(page, 'Interactions today')) === (await apiToday(from)), { timeoutMs: 15_000, what: 'the today tile to match the server' });
    const base = await bothTiles(page);
    const today = base.t!;
    const week = base.w!;

    const pushes = 12;
    for (let k = 0; k < pushes; k++) {
      const res = await fetch(`${app.url}/api/v1/user-interaction/store`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ page_name: 'e2e-dashboard', button_name: `burst ${k}` }),
      });
      expect(res.status).toBe(200);
    }
    await explained(page, () =>
      waitFor(async () => (await tile(page, 'Interactions today')) === today + pushes && (await tile(page, 'Interactions this week')) === week + pushes, {
        timeoutMs: 15_000,
        what: `both tiles to rise by ${pushes}`,
      }),
    );
    // Pushes count only above the position each total was read at: the tiles match the server, and a fresh read
    // (the socket reconnects: the view reads again and merges the pushes) neither double counts nor drops back.
    await waitFor(async () => (await apiToday(from)) === today + pushes, { what: 'the server count' });
    expect(await tile(page, 'Interactions today')).toBe(today + pushes);
    const reads = page.waitForResponse((r) => r.url().includes('/admin/user-interactions/summary'), { timeout: 15_000 });
    await page.evaluate(() => {
      // The socket.io engine of the shared live connection: closing its transport makes socket.io reconnect.
      for (const ws of (window as unknown as { __e2eSockets?: WebSocket[] }).__e2eSockets ?? []) ws.close();
    });
    await reads;
    // Rather than a pause in which a wrong count might show: one more interaction, recorded once the fresh read has
    // been answered, is pushed on the reconnected socket and counted after that read has been merged. The first change
    // the tiles show is therefore the merged read plus this one; a double count or a drop back shows instead.
    const marker = await fetch(`${app.url}/api/v1/user-interaction/store`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page_name: 'e2e-dashboard', button_name: 'after the fresh read' }),
    });
    expect(marker.status).toBe(200);
    const changed = await explained(page, () =>
      waitFor(
        async () => {
          const { t, w } = await bothTiles(page);
          return t !== null && w !== null && (t !== today + pushes || w !== week + pushes) ? { t, w } : undefined;
        },
        { timeoutMs: 15_000, what: 'the tiles to change after the fresh read' },
      ),
    );
    expect(changed).toEqual({ t: today + pushes + 1, w: week + pushes + 1 });
    // The table still shows the ten newest.
    expect(await page.getByRole('table', { name: 'Newest interactions' }).getByRole('row').count()).toBe(11);
  }, 90_000);
});

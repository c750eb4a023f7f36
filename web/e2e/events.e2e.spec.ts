import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TestApp } from '../../services/test/harness.ts';
import { waitFor } from '../../services/test/wait-for.ts';
import { closeE2e, openSignedIn, type E2eRun } from './support/app.ts';
import { checkWidths } from './support/axe.ts';
import { settled } from './support/browser.ts';

/**
 * The Super Admin's Events screen (issue 23): an event appended while watching shows on top, Pause holds new ones
 * back (counted), a row's JSON opens, a stream's history opens, the export downloads; axe at 375, 900 and 1440 px.
 */
describe('the Events screen', () => {
  let run: E2eRun;
  let app: TestApp;
  let page: Page;

  beforeAll(async () => {
    run = await openSignedIn('admin');
    ({ app, page } = run);
  }, 120_000);
  afterAll(async () => {
    await closeE2e(run ?? {});
  });

  /** Records an interaction (anonymous, as any visitor's click): one `UserInteractionRecorded` event; answers it. */
  const interaction = async (button: string) => {
    const res = await fetch(`${app.url}/api/v1/user-interaction/store`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page_name: '/events-e2e', button_name: button }),
    });
    expect(res.status).toBe(200);
    return waitFor(async () => {
      const [latest] = await app.platform.eventStore.readLatest({ limit: 1, types: ['UserInteractionRecorded'] });
      return latest && JSON.stringify(latest.data).includes(button) ? latest : undefined;
    }, { what: `the event of ${button}` });
  };
  const rowOf = (position: number) => page.getByRole('button', { name: new RegExp(`^UserInteractionRecorded #${position}: show JSON$`) });

  it('shows a new event live, holds new ones while paused, opens the JSON, a stream and the export', async () => {
    await page.goto('/events');
    await settled(page, 'Events');
    await page.getByText('Live', { exact: true }).waitFor({ timeout: 20_000 });
    await checkWidths(page, '/events');

    const first = await interaction(`Live ${Date.now()}`);
    await rowOf(first.position).waitFor({ timeout: 15_000 });

    await page.getByRole('button', { name: 'Pause' }).click();
    const held = await interaction(`Held ${Date.now()}`);
    await page.getByText('Paused: 1 new event.').waitFor({ timeout: 15_000 });
    expect(await rowOf(held.position).count()).toBe(0);
    await page.getByRole('button', { name: 'Resume' }).click();
    await rowOf(held.position).waitFor({ timeout: 15_000 });

    // The JSON view of a pushed row reads the event (its data is not sensitive: it shows).
    await rowOf(held.position).click();
    const dialog = page.getByRole('dialog', { name: `UserInteractionRecorded #${held.position}` });
    const json = dialog.getByTestId('event-json');
    await json.waitFor();
    expect(await json.textContent()).toContain('Held ');
    await checkWidths(page, 'the JSON view');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });

    // The stream's history: its one event, oldest first.
    await page.getByRole('link', { name: held.stream }).first().click();
    await settled(page, 'Stream history');
    await page.getByRole('button', { name: `UserInteractionRecorded #${held.position}: show JSON` }).waitFor();
    await checkWidths(page, '/events/streams/:stream');
    await page.getByRole('link', { name: 'Back to Events' }).click();
    await settled(page, 'Events');

    // The export of today's interactions as CSV.
    await page.getByRole('button', { name: 'Export' }).click();
    const form = page.getByRole('dialog', { name: 'Export events' });
    await form.getByRole('radio', { name: 'CSV' }).check();
    await checkWidths(page, 'the export dialog');
    const [file] = await Promise.all([page.waitForEvent('download'), form.getByRole('button', { name: 'Download' }).click()]);
    expect(file.suggestedFilename()).toMatch(/^events-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await file.path()).toString('utf8');
    expect(csv.split('\n')[0]).toBe('position,id,type,stream,version,occurredAt,actor,correlationId,causationId,schemaVersion,data');
    expect(csv).toContain(`${held.position},${held.id},UserInteractionRecorded,${held.stream},`);
  });
});

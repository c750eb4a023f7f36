import { describe, expect, it } from 'vitest';
import { NOTIFICATIONS_QUEUE } from '@acpg/contracts/notifications';
import { waitFor } from '../../services/test/wait-for.ts';
import { SEEDED_ADMIN, useE2e } from './support/app.ts';
import { checkWidths } from './support/axe.ts';
import { settled } from './support/browser.ts';
import { explained, signInThroughPages } from './support/sign-in.ts';

const JOB_ID = 'e2e-operations:dead-1';
const REASON = 'Mail server fixed; sending again';

describe('Super Admin: /operations shows a dead job, retries it with a reason, and the history says who and why', () => {
  const e2e = useE2e();

  it('shows the queues, the dead job with its error, retries it after asking why; axe at 375, 900 and 1440 px', async () => {
    const { app, page } = e2e();
    // A notification whose data does not parse: the worker dead-letters it at once.
    await app.platform.jobs.enqueue(NOTIFICATIONS_QUEUE, 'notification', { bogus: true }, { id: JOB_ID });
    await waitFor(async () => (await app.platform.jobs.job(NOTIFICATIONS_QUEUE, JOB_ID))?.state === 'dead', { what: 'the job to die' });

    await explained(page, async () => {
      await signInThroughPages(page, app, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
      await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Operations' }).click();
      await page.waitForURL('**/operations');
      await settled(page, 'Operations');
      await page.getByText(/^Last updated /).waitFor();
      await page.getByRole('table', { name: 'Queues' }).waitFor();
      await page.getByText('sqlite: ready').waitFor();
      await page.getByRole('table', { name: 'Projections' }).waitFor();
      await page.getByText('No dead job was retried or discarded yet').waitFor();
      await checkWidths(page, 'operations');

      await page.getByRole('button', { name: `Show jobs of ${NOTIFICATIONS_QUEUE}` }).click();
      const jobs = page.getByRole('table', { name: `Dead jobs of ${NOTIFICATIONS_QUEUE}` });
      await jobs.getByText(JOB_ID).waitFor();
      await checkWidths(page, 'operations-dead-jobs');

      // The detail: its error and its data.
      await page.getByRole('button', { name: `Details of notification ${JOB_ID}` }).click();
      const detail = page.getByRole('dialog', { name: 'Job notification' });
      await detail.getByLabel('Job data').getByText('"bogus": true').waitFor();
      expect(await detail.getByText('Error').count()).toBeGreaterThan(0);
      await detail.getByRole('button', { name: 'Close' }).last().click();
      await detail.waitFor({ state: 'detached' });

      // Retry asks why: too short is refused in the form, then the job goes back to the queue.
      await page.getByRole('button', { name: `Retry notification ${JOB_ID}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Retry this job?' });
      await dialog.getByRole('textbox', { name: 'Reason' }).fill('no');
      await dialog.getByRole('button', { name: 'Retry' }).click();
      await dialog.getByText('Say why in 3 to 500 characters.').waitFor();
      await dialog.getByRole('textbox', { name: 'Reason' }).fill(REASON);
      const retried = page.waitForResponse((r) => r.url().includes('/retry') && r.request().method() === 'POST');
      await dialog.getByRole('button', { name: 'Retry' }).click();
      expect((await retried).status()).toBe(200);
      await dialog.waitFor({ state: 'detached' });
      // The row and its buttons go: focus is on the outcome, not lost to the page.
      await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'status' && /sent back to the queue/.test(document.activeElement.textContent ?? ''));

      // The history: who and why.
      const history = page.getByRole('table', { name: 'Operator actions' });
      await history.getByText(REASON).waitFor({ timeout: 15_000 });
      await history.getByText('Retried').waitFor();
      await history.getByText('Super Admin', { exact: true }).waitFor(); // the seeded Super Admin's name
      await checkWidths(page, 'operations-history');
    });
  }, 180_000);
});

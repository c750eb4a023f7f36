import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMessage } from '@acpg/contracts/notifications';
import type { TestApp } from '../../services/test/harness.ts';
import { waitFor } from '../../services/test/wait-for.ts';
import { closeE2e, openE2e, SEEDED_ADMIN } from './support/app.ts';
import { checkWidths as checkAtWidths } from './support/axe.ts';
import { newPage, settled } from './support/browser.ts';
import { completeSignIn, explained, signInThroughPages } from './support/sign-in.ts';

const SHOTS = process.env.E2E_SCREENSHOTS;
const checkWidths = (page: Page, where: string) =>
  checkAtWidths(page, where, SHOTS ? { shot: (width) => page.screenshot({ path: `${SHOTS}/${where}-${width}.png`, fullPage: true }) } : {});

const ADMIN_PHONE = '+14155550177';
const TEMPLATE = 'The one-time code that finishes a sign-in, sent by email.';

const outbox = async (app: TestApp, to: string): Promise<OutboxMessage[]> => {
  const response = await fetch(`${app.url}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { data: { items: OutboxMessage[] } }).data.items;
};

describe('Super Admin: /email-templates; the next sign-in code email uses the edit', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ app, browser, page } = await openE2e({ SEED_ADMIN_PHONE: ADMIN_PHONE }));
    // By text message: the email's code then leaves no 60 s wait for the sign-in after the edit.
    await signInThroughPages(page, app, SEEDED_ADMIN.email, SEEDED_ADMIN.password, { channel: 'phone', phone: ADMIN_PHONE });
  }, 120_000);
  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  it('lists the templates, searched and filtered', async () => {
    await explained(page, async () => {
      await page.goto('/email-templates');
      await settled(page, 'Email templates');
      await page.getByRole('table', { name: 'Email templates' }).waitFor();
      await checkWidths(page, 'email-templates-list');
      await page.getByRole('searchbox', { name: 'Search' }).fill('sign-in code');
      await page.getByLabel('Channel').selectOption('email');
      await page.getByText('1 template', { exact: true }).waitFor();
      await page.getByRole('link', { name: `Edit ${TEMPLATE}` }).click();
      await settled(page, TEMPLATE);
      await page.getByTestId('preview-subject').getByText('Your sign-in code').waitFor();
      expect(await page.locator('iframe[title="Email preview"]').getAttribute('sandbox')).toBe('');
      // The email as sent: the body inside the shared layout (the company's name on top), drawn in the sandboxed frame.
      const email = page.frameLocator('iframe[title="Email preview"]');
      await email.getByText('ACPG', { exact: true }).waitFor();
      await email.getByText(/Your ACPG sign-in code is \d{6}/).waitFor();
      await checkWidths(page, 'email-templates-editor');
    });
  }, 120_000);

  it('refuses a bad edit at save, naming the part, and stores nothing', async () => {
    await explained(page, async () => {
      const text = page.getByRole('textbox', { name: 'Text body' });
      await text.fill(`Your code is {{ nope }}`);
      const refused = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/admin/email-templates/identity.sign-in-code'));
      await page.getByRole('button', { name: 'Save' }).click();
      expect((await refused).status()).toBe(400);
      await page.getByText(/Text: undefined variable: nope/).first().waitFor();
      expect(await app.platform.eventStore.readStream('notifications-email-template-identity.sign-in-code')).toEqual([]);
      // Leaving with the unsaved change asks first; staying keeps it.
      await page.getByRole('link', { name: 'Back to templates' }).click();
      const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
      await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
      await leave.waitFor({ state: 'detached' });
      expect(await text.inputValue()).toBe('Your code is {{ nope }}');
    });
  }, 60_000);

  it('saves an edit of the subject and body with a variable inserted, and the next sign-in code email uses it', async () => {
    await explained(page, async () => {
      await page.getByRole('textbox', { name: 'Subject' }).fill('ACPG sign-in code (edited in e2e)');
      const text = page.getByRole('textbox', { name: 'Text body' });
      await text.fill('E2E EDITED BODY. Your code: ');
      await page.getByRole('button', { name: 'Insert code' }).click();
      await expect.poll(() => text.inputValue()).toBe('E2E EDITED BODY. Your code: {{ code }}');
      await page.getByTestId('preview-subject').getByText('ACPG sign-in code (edited in e2e)').waitFor();
      await page.getByTestId('preview-text').getByText(/E2E EDITED BODY\. Your code: \d{6}/).waitFor();
      const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/admin/email-templates/identity.sign-in-code'));
      await page.getByRole('button', { name: 'Save' }).click();
      expect((await saved).status()).toBe(200);
      await page.getByText('Edited (version 1)').waitFor();
    });

    // Another browser signs in as the same Super Admin, the code by email: the message comes from the edit.
    const other = await newPage(browser, app.url);
    try {
      const before = Date.now() - 1000;
      await other.page.goto('/authentication/sign-in');
      await completeSignIn(other.page, app, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
      const message = await waitFor(
        async () => (await outbox(app, SEEDED_ADMIN.email)).find((m) => Date.parse(m.sent_at) >= before && /\b\d{6}\b/.test(m.text)),
        { what: 'the sign-in code email', timeoutMs: 15_000 },
      );
      expect(message.subject).toBe('ACPG sign-in code (edited in e2e)');
      expect(message.text).toMatch(/^E2E EDITED BODY\. Your code: \d{6}$/);
    } finally {
      await other.context.close();
    }
  }, 120_000);

  it('shows the history and resets to the default', async () => {
    await explained(page, async () => {
      await page.getByRole('button', { name: 'History' }).click();
      const dialog = page.getByRole('dialog', { name: 'Version history' });
      await dialog.getByText(/Version 1: Edited \(current\)/).waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Reset to default' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Reset to the default?' });
      await confirm.getByRole('button', { name: 'Reset to default' }).click();
      await page.getByText('Default', { exact: true }).first().waitFor();
      await page.getByTestId('preview-subject').getByText('Your sign-in code').waitFor();
    });
  }, 60_000);
});

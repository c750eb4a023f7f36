import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../services/test/harness.ts';
import { closeE2e, openSignedIn, SEEDED_ADMIN } from './support/app.ts';
import { checkWidths } from './support/axe.ts';
import { newPage } from './support/browser.ts';
import type { Customer } from './support/customer.ts';
import { signInThroughPages } from './support/sign-in.ts';

// A sample property (services/src/platform/property-data/sample-data/ca-sample-properties.json).
const HOME = { id: 'ca-lax-00007', typed: '6152 Sierra W', line: '6152 Sierra Way', full: '6152 Sierra Way, Downey, CA 90240' };
/** The smallest bytes read as a PDF by their content. */
const DEED = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

/**
 * Issue 19: the second way to show a property is yours. The member uploads their deed (a PDF) on My properties and sees
 * it under review; a Super Admin opens the review queue and approves it; the member sees the property verified.
 */
describe('a homeowner verifies a property with a document a Super Admin approves', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let member: Customer;

  beforeAll(async () => {
    ({ app, browser, page, customer: member } = await openSignedIn({ customer: 'Dana Deedholder' }));
  }, 60_000);
  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  it('uploads a PDF deed, which a Super Admin approves, and the property shows verified', async () => {
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'My properties' }).click();
    await page.getByRole('heading', { level: 1, name: 'My properties' }).waitFor({ timeout: 20_000 });
    await page.getByRole('combobox', { name: 'Property address or APN' }).fill(HOME.typed);
    await page.getByRole('option', { name: new RegExp(HOME.line) }).click();
    await page.getByRole('button', { name: 'Verify this property' }).click();
    await page.getByRole('button', { name: 'Mail me a code' }).waitFor();
    await page.getByRole('button', { name: 'Upload a document instead' }).click();
    const form = page.getByRole('form', { name: 'Upload a document' });
    await form.waitFor();
    await checkWidths(page, '/my-properties, the document form');

    await form.getByTestId('ownership-document-file').setInputFiles({ name: 'deed.pdf', mimeType: 'application/pdf', buffer: DEED });
    await form.getByText('deed.pdf').waitFor();
    const sent = page.waitForResponse((r) => r.url().endsWith(`/api/v1/properties/${HOME.id}/verifications/documents`) && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Send for review' }).click();
    expect((await sent).status()).toBe(200);
    await page.getByText('Document under review').first().waitFor({ timeout: 20_000 });

    // Still under review after a reload, and nothing is verified yet.
    await page.reload();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: HOME.full }) });
    await card.getByText('Document under review').first().waitFor({ timeout: 20_000 });
    expect(await app.platform.documents.find('verified_properties', { property_id: HOME.id, account_id: member.accountId })).toEqual([]);
    await checkWidths(page, '/my-properties, a document under review');

    // A Super Admin approves it from the review queue.
    const { context, page: admin } = await newPage(browser, app.url);
    try {
      await signInThroughPages(admin, app, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
      await admin.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Ownership documents' }).click();
      await admin.getByRole('heading', { level: 1, name: 'Ownership documents' }).waitFor({ timeout: 20_000 });
      const row = admin.getByRole('row').filter({ hasText: HOME.line });
      await row.waitFor({ timeout: 20_000 });
      await row.getByText('Dana Deedholder').waitFor({ timeout: 20_000 });
      await checkWidths(admin, '/admin-property-documents');
      const approved = admin.waitForResponse((r) => /\/api\/v1\/admin\/properties\/documents\/[^/]+\/approve$/.test(r.url()));
      await row.getByRole('button', { name: `Approve the document for ${HOME.full}` }).click();
      expect((await approved).status()).toBe(200);
      await admin.getByText('No documents are waiting for review.').waitFor({ timeout: 20_000 });
    } finally {
      await context.close();
    }

    await page.reload();
    await card.getByText('Verified', { exact: true }).waitFor({ timeout: 20_000 });
    await card.getByText(/Verified [A-Z][a-z]+ \d{1,2}, \d{4}\./).waitFor();
    const events = await app.platform.eventStore.readStream(`properties-ownership-${member.accountId}-${HOME.id}`);
    expect(events.find((e) => e.type === 'PropertyVerified')?.data).toMatchObject({ method: 'document' });
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../services/test/harness.ts';
import { waitFor } from '../../services/test/wait-for.ts';
import { closeE2e, openSignedIn } from './support/app.ts';
import { checkWidths, seriousViolations } from './support/axe.ts';
import { newPage } from './support/browser.ts';
import type { Customer } from './support/customer.ts';
import { letterCode } from './support/property.ts';
import { explained } from './support/sign-in.ts';
import { newApplicant, signUpToProperty } from './support/sign-up.ts';

// A sample property (services/src/platform/property-data/sample-data/ca-sample-properties.json).
const HOME = { id: 'ca-lax-00003', typed: '5373 Washington R', line: '5373 Washington Road', full: '5373 Washington Road, Santa Monica, CA 90404' };
const OTHER = { id: 'ca-lax-00004', typed: '2047 Alta Ci', line: '2047 Alta Circle' };

/**
 * Issue 19: a homeowner verifies their property by the code mailed to it. They ask for the letter on My properties, the
 * property shows as waiting for it (also after a reload: a letter takes days), a wrong code says the tries left, and the
 * code read from the letter (the dev outbox, the postal-mail port's embedded adapter) verifies it.
 */
describe('a homeowner verifies a property with the code mailed to it', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let member: Customer;

  beforeAll(async () => {
    ({ app, browser, page, customer: member } = await openSignedIn({ customer: 'Hana Homeowner' }));
  }, 60_000);
  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  it('asks for a letter, waits for it, refuses a wrong code with the tries left, and verifies with the code from the letter', async () => {
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'My properties' }).click();
    await page.getByRole('heading', { level: 1, name: 'My properties' }).waitFor({ timeout: 20_000 });
    await page.getByText('No properties yet.', { exact: false }).waitFor();
    await checkWidths(page, '/my-properties, empty');

    const box = page.getByRole('combobox', { name: 'Property address or APN' });
    await box.fill(HOME.typed);
    await page.getByRole('option', { name: new RegExp(HOME.line) }).click();
    await page.getByRole('button', { name: 'Verify this property' }).click();
    const mail = page.getByRole('button', { name: 'Mail me a code' });
    await mail.waitFor();
    await checkWidths(page, '/my-properties, before mailing');
    const after = Date.now();
    const mailed = page.waitForResponse((r) => r.url().endsWith(`/api/v1/properties/${HOME.id}/verifications/letters`) && r.request().method() === 'POST');
    await mail.click();
    expect((await mailed).status()).toBe(200);
    await page.getByRole('form', { name: 'Enter the code from the letter' }).waitFor();

    // A letter takes days: after a reload the property waits for its code on the list, nothing is verified yet.
    await page.reload();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: HOME.full }) });
    await card.getByText('Letter on its way').waitFor({ timeout: 20_000 });
    const form = card.getByRole('form', { name: 'Enter the code from the letter' });
    await form.waitFor();
    await checkWidths(page, '/my-properties, a letter on its way');

    const code = await letterCode(app, HOME.id, after);
    const field = form.getByRole('textbox', { name: 'Code from the letter' });
    await field.fill(code.startsWith('AAAA') ? 'CCCC-CCCC' : 'AAAA-AAAA');
    await form.getByRole('button', { name: 'Verify property' }).click();
    await form.getByText('That code is not right. 4 tries left for this property.', { exact: false }).waitFor();
    // The refused field keeps the focus, so the member types again at once.
    await waitFor(async () => field.evaluate((el) => el === document.activeElement), { what: 'focus on the code field' });
    await checkWidths(page, '/my-properties, a wrong code');

    await field.fill(code);
    await form.getByRole('button', { name: 'Verify property' }).click();
    await card.getByText('Verified', { exact: true }).waitFor({ timeout: 20_000 });
    await card.getByText(/Verified [A-Z][a-z]+ \d{1,2}, \d{4}\./).waitFor();
    expect(await card.getByRole('form', { name: 'Enter the code from the letter' }).count()).toBe(0);
    await checkWidths(page, '/my-properties, verified');

    // The server agrees: the property is the account's now (PropertyVerified, read model verified_properties).
    const events = await app.platform.eventStore.readStream(`properties-ownership-${member.accountId}-${HOME.id}`);
    expect(events.map((e) => e.type)).toContain('PropertyVerified');
  });

  it('in the sign-up wizard, goes on while the letter travels; the property waits for its code on My properties, not verified', async () => {
    const who = newApplicant('Wanda Waiting');
    const { context, page: wizard } = await newPage(browser, app.url);
    try {
      await explained(wizard, async () => {
        await wizard.goto('/authentication/sign-up');
        await signUpToProperty(wizard, app, who);
      });
      await wizard.getByRole('combobox', { name: 'Property address or APN' }).fill(OTHER.typed);
      await wizard.getByRole('option', { name: new RegExp(OTHER.line) }).click();
      await wizard.getByRole('button', { name: 'Verify this property' }).click();
      await wizard.getByRole('button', { name: 'Mail me a code' }).click();
      await wizard.getByRole('form', { name: 'Enter the code from the letter' }).waitFor();
      await wizard.getByText('No need to wait for the letter').waitFor();
      expect(await seriousViolations(wizard)).toEqual([]);
      await wizard.getByRole('button', { name: 'Continue', exact: true }).click();
      // The property step is done (the server's sign-up progress read the pending verification): the next step shows.
      await wizard.waitForURL((url) => url.pathname.startsWith('/sign-up/') && url.pathname !== '/sign-up/property', { timeout: 20_000 });
      // ... and nothing counts the property as verified until its code is entered.
      const rows = await waitFor(async () => {
        const found = await app.platform.documents.find('property_verifications', { property_id: OTHER.id });
        return found.length > 0 ? found : undefined;
      }, { what: 'the pending verification' });
      expect(rows.map((r) => r.status)).toEqual(['letter_sent']);
      expect(await app.platform.documents.find('verified_properties', { property_id: OTHER.id })).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

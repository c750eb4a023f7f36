import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../services/test/harness.ts';
import { closeE2e, openE2e, openSignedIn } from './support/app.ts';
import { fitsWidth, seriousViolations } from './support/axe.ts';
import { newPage } from './support/browser.ts';
import { letterCode } from './support/property.ts';

const PATH = '/equity-protect-property-search';
// Two sample properties (services/src/platform/property-data/sample-data/ca-sample-properties.json).
const GLENDALE = { id: 'ca-lax-00002', typed: '8357 Santa R', line: '8357 Santa Rosa Avenue', full: '8357 Santa Rosa Avenue, Glendale, CA 91208', apn: '0240-975-116' };
const SAN_FRANCISCO = { id: 'ca-sfo-00010', apn: '0109/294' };

describe('property search page: address autocomplete', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    ({ app, browser } = await openE2e());
  });
  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  it.each([375, 900, 1440])('finds a property as you type and chooses it with the keyboard at %i px', async (width) => {
    const { context, page } = await newPage(browser, app.url, width, 900);
    try {
      await page.goto(PATH);
      await page.getByRole('heading', { level: 1, name: 'Protect your property' }).waitFor();
      const box = page.getByRole('combobox', { name: 'Property address or APN' });
      await box.click();
      await box.pressSequentially(GLENDALE.typed, { delay: 30 });
      const option = page.getByRole('option', { name: new RegExp(GLENDALE.line) });
      await option.waitFor();
      await page.getByText(/propert(y|ies) found: use the arrow keys to choose/).waitFor();
      expect(await seriousViolations(page), `axe with the list open at ${width} px`).toEqual([]);
      expect(await fitsWidth(page), `no sideways scrolling at ${width} px`).toBe(true);

      await box.press('ArrowDown');
      await box.press('Enter');
      expect(await box.inputValue()).toBe(GLENDALE.full);
      const card = page.getByRole('heading', { level: 2, name: GLENDALE.line });
      await card.waitFor();
      await page.getByText(GLENDALE.apn, { exact: true }).waitFor();
      await page.getByRole('link', { name: 'Sign in to protect this property' }).waitFor();
      expect(await seriousViolations(page), `axe with a property chosen at ${width} px`).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('finds a property by APN and says so when nothing matches', async () => {
    const { context, page } = await newPage(browser, app.url);
    try {
      await page.goto(PATH);
      const box = page.getByRole('combobox', { name: 'Property address or APN' });
      await box.fill(GLENDALE.apn);
      await page.getByRole('option', { name: new RegExp(GLENDALE.line) }).waitFor();
      await box.fill('zz no such street');
      await page.getByText('No property matches "zz no such street". Check the street number and name, or search by APN.').waitFor();
      expect(await page.getByRole('option').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('shows an error with a way to search again when the search fails', async () => {
    const { context, page } = await newPage(browser, app.url);
    try {
      let fail = true;
      await page.route('**/api/v1/properties/search**', (route) =>
        fail ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ success: false, code: 'UNAVAILABLE', message: 'Lookup is down' }) }) : route.continue(),
      );
      await page.goto(PATH);
      const box = page.getByRole('combobox', { name: 'Property address or APN' });
      await box.fill(GLENDALE.typed);
      await page.getByText('Search is unavailable right now (Lookup is down).').waitFor();
      fail = false;
      await page.getByRole('button', { name: 'Search again' }).click();
      await page.getByRole('option', { name: new RegExp(GLENDALE.line) }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('property search page: verification on the way to protecting a property, signed in', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // A member: verifying and protecting a property is a member's (a Super Admin is not one; the role table).
    ({ app, browser, page } = await openSignedIn({ customer: 'Vera Verifier' }));
  });
  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  it('mails a code, counts a wrong code down, and verifies the property with the code from the letter', async () => {
    await page.goto(PATH);
    const box = page.getByRole('combobox', { name: 'Property address or APN' });
    await box.fill(GLENDALE.typed);
    await page.getByRole('option', { name: new RegExp(GLENDALE.line) }).click();
    await page.getByRole('button', { name: 'Protect this property' }).click();
    // Nothing is mailed until the member asks: each letter counts.
    const mailButton = page.getByRole('button', { name: 'Mail me a code' });
    await mailButton.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const after = Date.now();
    await mailButton.click();
    const form = page.getByRole('form', { name: 'Enter the code from the letter' });
    await form.waitFor();
    await page.getByText(`A letter with your code is on its way to ${GLENDALE.full}`, { exact: false }).waitFor();
    const field = form.getByRole('textbox', { name: 'Code from the letter' });

    // Verify with nothing typed: the field says so and takes focus; nothing is sent.
    await form.getByRole('button', { name: 'Verify property' }).click();
    await form.getByText('Enter the code from the letter.').waitFor();
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);

    const code = await letterCode(app, GLENDALE.id, after);
    await field.fill(code.startsWith('AAAA') ? 'CCCC-CCCC' : 'AAAA-AAAA');
    await form.getByRole('button', { name: 'Verify property' }).click();
    await form.getByText('That code is not right. 4 tries left for this property.', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await field.fill(code.toLowerCase());
    await form.getByRole('button', { name: 'Verify property' }).press('Enter');
    // Verified, the property is enrolled at once: the next step is its payment.
    await page.getByRole('heading', { name: 'Pay for a year of protection' }).waitFor({ timeout: 20_000 });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('locks the verification after the last wrong code and says so', async () => {
    await page.goto(PATH);
    const box = page.getByRole('combobox', { name: 'Property address or APN' });
    await box.fill(SAN_FRANCISCO.apn);
    await page.getByRole('option', { name: new RegExp(SAN_FRANCISCO.apn) }).click();
    await page.getByRole('button', { name: 'Protect this property' }).click();
    const after = Date.now();
    await page.getByRole('button', { name: 'Mail me a code' }).click();
    const form = page.getByRole('form', { name: 'Enter the code from the letter' });
    await form.waitFor();
    const code = await letterCode(app, SAN_FRANCISCO.id, after);
    const wrong = code.startsWith('AAAA') ? 'CCCC-CCCC' : 'AAAA-AAAA';
    for (const left of ['4 tries left', '3 tries left', '2 tries left', '1 try left']) {
      await form.getByRole('textbox', { name: 'Code from the letter' }).fill(wrong);
      await form.getByRole('button', { name: 'Verify property' }).click();
      await form.getByText(`That code is not right. ${left} for this property.`, { exact: false }).waitFor();
    }
    await form.getByRole('textbox', { name: 'Code from the letter' }).fill(wrong);
    await form.getByRole('button', { name: 'Verify property' }).click();
    await page.getByRole('alert').filter({ hasText: 'Verification locked' }).waitFor();
    expect(await page.getByRole('form', { name: 'Enter the code from the letter' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Mail/ }).count(), 'a locked verification offers no new letter').toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

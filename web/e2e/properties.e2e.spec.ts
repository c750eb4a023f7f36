import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../services/test/harness.ts';
import { closeE2e, openE2e, SEEDED_ADMIN } from './support/app.ts';
import { fitsWidth, seriousViolations } from './support/axe.ts';
import { newPage } from './support/browser.ts';
import { signInThroughPages } from './support/sign-in.ts';

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
    ({ app, browser, page } = await openE2e());
    await signInThroughPages(page, app, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  });
  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  /** The right answers, read from the verification's stream (the server keeps them; the page never sees them). */
  const answersOf = async (verificationId: string): Promise<{ prompt: string; answer: string; choices: string[] }[]> => {
    const [started] = await app.platform.eventStore.readStream(`properties-verification-${verificationId}`);
    return (started?.data as { questions: { prompt: string; answer: string; choices: string[] }[] }).questions;
  };

  it('asks the questions, counts a wrong answer down, and verifies the property with the right ones', async () => {
    await page.goto(PATH);
    const box = page.getByRole('combobox', { name: 'Property address or APN' });
    await box.fill(GLENDALE.typed);
    const started = page.waitForResponse((r) => r.url().endsWith(`/api/v1/properties/${GLENDALE.id}/verifications`) && r.request().method() === 'POST');
    await page.getByRole('option', { name: new RegExp(GLENDALE.line) }).click();
    await page.getByRole('button', { name: 'Protect this property' }).click();
    const { data } = (await (await started).json()) as { data: { verification_id: string } };
    const questions = await answersOf(data.verification_id);
    const form = page.getByRole('form', { name: 'Property verification questions' });
    await form.waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Verify with nothing chosen: each question says so, and nothing is sent.
    await form.getByRole('button', { name: 'Verify property' }).click();
    expect(await form.getByText('Choose an answer.').count()).toBe(questions.length);

    const choose = async (wrongFirst: boolean) => {
      for (const [i, q] of questions.entries()) {
        const pick = wrongFirst && i === 0 ? (q.choices.find((c) => c !== q.answer) as string) : q.answer;
        await form.getByRole('radiogroup', { name: q.prompt }).getByRole('radio', { name: pick, exact: true }).check();
      }
    };
    await choose(true);
    await form.getByRole('button', { name: 'Verify property' }).click();
    await page.getByRole('alert').filter({ hasText: 'At least one answer is not right. 2 tries left.' }).waitFor();

    await choose(false);
    await form.getByRole('button', { name: 'Verify property' }).press('Enter');
    // Verified, the property is enrolled at once: the next step is its payment.
    await page.getByRole('heading', { name: 'Pay for a year of protection' }).waitFor();
    const events = await app.platform.eventStore.readStream(`properties-verification-${data.verification_id}`);
    expect(events.at(-1)?.type).toBe('PropertyVerified');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('locks the verification after the third wrong set of answers and says so', async () => {
    await page.goto(PATH);
    const box = page.getByRole('combobox', { name: 'Property address or APN' });
    await box.fill(SAN_FRANCISCO.apn);
    const started = page.waitForResponse((r) => r.url().endsWith(`/api/v1/properties/${SAN_FRANCISCO.id}/verifications`) && r.request().method() === 'POST');
    await page.getByRole('option', { name: new RegExp(SAN_FRANCISCO.apn) }).click();
    await page.getByRole('button', { name: 'Protect this property' }).click();
    const { data } = (await (await started).json()) as { data: { verification_id: string } };
    const questions = await answersOf(data.verification_id);
    const form = page.getByRole('form', { name: 'Property verification questions' });
    const year = questions.find((q) => q.prompt === 'In what year was the home built?');
    for (const q of questions) {
      const pick = q === year ? (q.choices.find((c) => c !== q.answer) as string) : q.answer;
      await form.getByRole('radiogroup', { name: q.prompt }).getByRole('radio', { name: pick, exact: true }).check();
    }
    for (const left of ['2 tries left', '1 try left']) {
      await form.getByRole('button', { name: 'Verify property' }).click();
      await page.getByRole('alert').filter({ hasText: `At least one answer is not right. ${left}.` }).waitFor();
    }
    await form.getByRole('button', { name: 'Verify property' }).click();
    await page.getByRole('alert').filter({ hasText: 'Verification locked' }).waitFor();
    expect(await page.getByRole('form', { name: 'Property verification questions' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Start again' }).count(), 'a locked verification offers no new start').toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

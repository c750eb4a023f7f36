import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../services/test/harness.ts';
import { closeE2e, openE2e, SEEDED_ADMIN } from './support/app.ts';
import { newPage } from './support/browser.ts';
import { signInThroughPages } from './support/sign-in.ts';

const PATH = '/equity-protect-property-search';
// Two sample properties (services/src/modules/properties/sample-data/ca-sample-properties.json).
const MALIBU = { id: 'ca-lax-00002', line: '4084 Manzanita Drive', full: '4084 Manzanita Drive, Malibu, CA 90265', apn: '0381-897-511' };
const SAN_FRANCISCO = { id: 'ca-sfo-00010', apn: '0113/814' };

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(join(dirname(require.resolve('axe-core')), 'axe.min.js'), 'utf8');
type Violation = { id: string; impact: string | null; nodes: { target: unknown[]; html: string }[] };

/** Serious and critical axe findings, without tabster's focus-redirect dummies (see a11y.e2e.spec.ts). */
const seriousAxe = async (page: Page): Promise<string[]> => {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: () => Promise<{ violations: Violation[] }> } }).axe.run();
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target, html: n.html })) }));
  });
  return violations
    .map((v) => (v.id === 'aria-hidden-focus' ? { ...v, nodes: v.nodes.filter((n) => !/^<i [^>]*data-tabster-dummy/.test(n.html)) } : v))
    .filter((v) => v.nodes.length > 0 && (v.impact === 'serious' || v.impact === 'critical'))
    .map((v) => `[${v.impact}] ${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
};

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

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
      await page.getByRole('heading', { level: 1, name: 'Property search' }).waitFor();
      const box = page.getByRole('combobox', { name: 'Property address or APN' });
      await box.click();
      await box.pressSequentially('4084 Manz', { delay: 30 });
      const option = page.getByRole('option', { name: new RegExp(MALIBU.line) });
      await option.waitFor();
      await page.getByText(/propert(y|ies) found: use the arrow keys to choose/).waitFor();
      expect(await seriousAxe(page), `axe with the list open at ${width} px`).toEqual([]);
      expect(await noHorizontalScroll(page), `no sideways scrolling at ${width} px`).toBe(true);

      await box.press('ArrowDown');
      await box.press('Enter');
      expect(await box.inputValue()).toBe(MALIBU.full);
      const card = page.getByRole('heading', { level: 2, name: MALIBU.line });
      await card.waitFor();
      await page.getByText(MALIBU.apn, { exact: true }).waitFor();
      await page.getByRole('link', { name: 'Sign in to verify this property' }).waitFor();
      expect(await seriousAxe(page), `axe with a property chosen at ${width} px`).toEqual([]);
      expect(await noHorizontalScroll(page)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('finds a property by APN and says so when nothing matches', async () => {
    const { context, page } = await newPage(browser, app.url);
    try {
      await page.goto(PATH);
      const box = page.getByRole('combobox', { name: 'Property address or APN' });
      await box.fill(MALIBU.apn);
      await page.getByRole('option', { name: new RegExp(MALIBU.line) }).waitFor();
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
      await box.fill('4084 Manz');
      await page.getByText('Search is unavailable right now (Lookup is down).').waitFor();
      fail = false;
      await page.getByRole('button', { name: 'Search again' }).click();
      await page.getByRole('option', { name: new RegExp(MALIBU.line) }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('property search page: verification, signed in', () => {
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
    await box.fill('4084 Manz');
    const started = page.waitForResponse((r) => r.url().endsWith(`/api/v1/properties/${MALIBU.id}/verifications`) && r.request().method() === 'POST');
    await page.getByRole('option', { name: new RegExp(MALIBU.line) }).click();
    await page.getByRole('button', { name: 'Verify this property' }).click();
    const { data } = (await (await started).json()) as { data: { verification_id: string } };
    const questions = await answersOf(data.verification_id);
    const form = page.getByRole('form', { name: 'Property verification questions' });
    await form.waitFor();
    expect(await seriousAxe(page)).toEqual([]);

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
    await page.getByText('Property verified').first().waitFor();
    const events = await app.platform.eventStore.readStream(`properties-verification-${data.verification_id}`);
    expect(events.at(-1)?.type).toBe('PropertyVerified');
    expect(await seriousAxe(page)).toEqual([]);
  });

  it('locks the verification after the third wrong set of answers and says so', async () => {
    await page.goto(PATH);
    const box = page.getByRole('combobox', { name: 'Property address or APN' });
    await box.fill(SAN_FRANCISCO.apn);
    const started = page.waitForResponse((r) => r.url().endsWith(`/api/v1/properties/${SAN_FRANCISCO.id}/verifications`) && r.request().method() === 'POST');
    await page.getByRole('option', { name: new RegExp(SAN_FRANCISCO.apn) }).click();
    await page.getByRole('button', { name: 'Verify this property' }).click();
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
    expect(await seriousAxe(page)).toEqual([]);
  });
});

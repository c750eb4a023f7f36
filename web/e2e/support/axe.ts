import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';

// The same checks as a11y.e2e.spec.ts, for journey tests that check their own screens.
const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(join(dirname(require.resolve('axe-core')), 'axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string }[];
}

/** tabster's focus-redirect dummies are hidden and focusable on purpose (see a11y.e2e.spec.ts for the references). */
const withoutKnownFalsePositives = (violations: AxeViolation[]) =>
  violations
    .map((v) => (v.id === 'aria-hidden-focus' ? { ...v, nodes: v.nodes.filter((n) => !/^<i [^>]*data-tabster-dummy/.test(n.html)) } : v))
    .filter((v) => v.nodes.length > 0);

/** Serious and critical axe violations on the page as it stands, once its animations have finished. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A resize or a state change starts its transitions on the next frames: let them start, then wait for them to end.
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 10_000 });
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe.run();
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, html: n.html })) }));
  });
  return withoutKnownFalsePositives(violations)
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `[${v.impact}] ${v.id}: ${v.help}\n    ${v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.html.slice(0, 160)}`).join('\n    ')}`);
}

/** No sideways scroll: the page fits the viewport's width. */
export const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Fails naming every serious or critical axe violation on the page (`where` says which screen and width). */
export async function expectNoSeriousAxeViolations(page: Page, where: string): Promise<void> {
  const found = await seriousViolations(page);
  if (found.length > 0) throw new Error(`${where}: serious or critical axe violations\n${found.join('\n')}`);
}

/** Fails when the page scrolls sideways (wider than its window). */
export async function expectNoHorizontalOverflow(page: Page, where: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  if (scrollWidth > innerWidth) throw new Error(`${where}: ${scrollWidth} px wide in a ${innerWidth} px window`);
}

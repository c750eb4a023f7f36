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

/**
 * Every violation axe finds on the page as it stands, but one kind of node: for the `aria-hidden-focus` rule only, a
 * node that is itself one of tabster's focus sentinels (Fluent v9's focus manager puts `<i tabindex="0"
 * aria-hidden="true" data-tabster-dummy>` around focusable groups, dialogs and toasts). They are focusable and hidden
 * on purpose: on focus they hand it straight to a real element, and they are hidden so screen readers do not announce
 * them. tabster's maintainers call it intended (microsoft/tabster#288), Fluent lists it in its v9 known issues, and
 * Accessibility Insights suppresses exactly these nodes (microsoft/accessibility-insights-web#7605). The element
 * itself is asked (not its HTML text), in the page, while axe's reference to it is live. Any other node of that rule,
 * an aria-hidden element holding a real control or a sentinel inside it, and every other rule still count.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, not added as an inline <script>: the app's CSP refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    interface Node { target: unknown[]; html: string; element?: Element }
    interface Result { id: string; impact: string | null; help: string; nodes: Node[] }
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Result[] }> } }).axe;
    const result = await axe.run(document, { elementRef: true });
    const sentinel = (n: Node) => n.element?.hasAttribute('data-tabster-dummy') === true;
    return result.violations
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.filter((n) => !(v.id === 'aria-hidden-focus' && sentinel(n))).map((n) => ({ target: n.target, html: n.html })) }))
      .filter((v) => v.nodes.length > 0);
  });
}

export const isBlocking = (v: AxeViolation) => v.impact === 'serious' || v.impact === 'critical';

export const describeViolation = (v: AxeViolation) => `[${v.impact}] ${v.id}: ${v.help}\n    ${v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.html.slice(0, 160)}`).join('\n    ')}`;

/** Lets a resize or a state change start its transitions (on the next frames), then waits for them to end. */
const settled = async (page: Page) => {
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 10_000 });
};

/**
 * Serious and critical axe violations on the page as it stands, once its animations have finished. A run that finds
 * some is made again once the page has settled, and only what both runs find counts: a toast that starts to fade in or
 * out while axe reads it (a run takes seconds on a busy machine) is measured half transparent, a passing state, not
 * the page.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await settled(page);
  const first = (await axeViolations(page)).filter(isBlocking).map(describeViolation);
  if (first.length === 0) return first;
  await settled(page);
  const again = new Set((await axeViolations(page)).filter(isBlocking).map(describeViolation));
  return first.filter((found) => again.has(found));
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

const WIDTHS = [375, 900, 1440] as const;

/**
 * A journey's screen at phone, tablet and desktop widths (375, 900, 1440 px, at the page's height): no serious or
 * critical axe finding and no sideways scroll, every failure listed at once; `shot` (a screenshot, say) runs at each
 * width first. Leaves the page at 1440 px.
 */
export async function checkWidths(page: Page, where: string, o: { shot?: (width: number) => Promise<unknown> } = {}): Promise<void> {
  const failures: string[] = [];
  const { height } = page.viewportSize() ?? { height: 900 };
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height });
    await o.shot?.(width);
    const blocking = await seriousViolations(page);
    if (blocking.length > 0) failures.push(`${where} at ${width} px:\n${blocking.join('\n')}`);
    if (!(await fitsWidth(page))) failures.push(`${where} at ${width} px scrolls sideways`);
  }
  await page.setViewportSize({ width: 1440, height });
  if (failures.length > 0) throw new Error(failures.join('\n'));
}

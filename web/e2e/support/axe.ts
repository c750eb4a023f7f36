import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(join(dirname(require.resolve('axe-core')), 'axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string }[];
}

/**
 * Fails with every serious or critical axe-core violation on the page (the same rule as a11y.e2e.spec.ts, including its
 * one documented false positive: tabster's focus-redirect dummies flagged by aria-hidden-focus).
 */
export async function expectNoSeriousAxeViolations(page: Page, where: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe.run();
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, html: n.html })) }));
  });
  const blocking = violations
    .map((v) => (v.id === 'aria-hidden-focus' ? { ...v, nodes: v.nodes.filter((n) => !/^<i [^>]*data-tabster-dummy/.test(n.html)) } : v))
    .filter((v) => v.nodes.length > 0 && v.impact != null && ['serious', 'critical'].includes(v.impact));
  const described = blocking.map((v) => `[${v.impact}] ${v.id}: ${v.help}\n    ${v.nodes.map((n) => JSON.stringify(n.target)).join('\n    ')}`).join('\n');
  expect(blocking, `axe on ${where}:\n${described}`).toEqual([]);
}

/** The page is no wider than the window. */
export async function expectNoHorizontalOverflow(page: Page, where: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${where}: ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(innerWidth);
}

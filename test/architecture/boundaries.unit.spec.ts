import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const cruise = (cwd: string, paths: string[]) => {
  try {
    execFileSync(join(root, 'node_modules/.bin/depcruise'), ['--config', join(root, '.dependency-cruiser.cjs'), '--output-type', 'err', ...paths], {
      cwd,
      stdio: 'pipe',
      encoding: 'utf8',
    });
    return { ok: true, output: '' };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
};

describe('architecture: module boundaries', () => {
  it('the codebase keeps every boundary', () => {
    const result = cruise(root, ['services/src', 'contracts/src', 'web/src']);
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
  }, 60_000);

  it('fails when a module imports another module', () => {
    const dir = mkdtempSync(join(tmpdir(), 'arch-'));
    try {
      mkdirSync(join(dir, 'services/src/modules/orders'), { recursive: true });
      mkdirSync(join(dir, 'services/src/modules/billing'), { recursive: true });
      writeFileSync(join(dir, 'services/src/modules/billing/invoice.ts'), 'export const invoice = 1;\n');
      writeFileSync(join(dir, 'services/src/modules/orders/order.ts'), "import { invoice } from '../billing/invoice.ts';\nexport const order = invoice;\n");
      cpSync(join(root, 'tsconfig.base.json'), join(dir, 'tsconfig.base.json'));
      const result = cruise(dir, ['services/src']);
      expect(result.ok).toBe(false);
      expect(result.output).toContain('module-imports-another-module');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
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

/** Cruises a throw-away tree of `files` (path → source) with the project's rules. */
const cruiseFixture = (files: Record<string, string>) => {
  const dir = mkdtempSync(join(tmpdir(), 'arch-'));
  try {
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), source);
    }
    cpSync(join(root, 'tsconfig.base.json'), join(dir, 'tsconfig.base.json'));
    const top = [...new Set(Object.keys(files).map((path) => path.split('/').slice(0, 2).join('/')))];
    return cruise(dir, top);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const ordersModule = {
  'services/src/modules/orders/module.ts': "import { decide } from './decider.ts';\nexport const ordersModule = { name: 'orders', decide };\n",
  'services/src/modules/orders/decider.ts': 'export const decide = () => [];\n',
};

describe('architecture: module boundaries', () => {
  it('the codebase keeps every boundary', () => {
    const result = cruise(root, ['services/src', 'services/test', 'contracts/src', 'web/src', 'bench', 'test']);
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
  }, 60_000);

  it('fails when a module imports another module', () => {
    const result = cruiseFixture({
      'services/src/modules/billing/invoice.ts': 'export const invoice = 1;\n',
      'services/src/modules/orders/order.ts': "import { invoice } from '../billing/invoice.ts';\nexport const order = invoice;\n",
    });
    expect(result.ok).toBe(false);
    expect(result.output).toContain('module-imports-another-module');
  }, 60_000);

  it('fails when code outside a module reaches past its module.ts', () => {
    const result = cruiseFixture({
      ...ordersModule,
      'services/src/composition/wiring.ts': "import { decide } from '../modules/orders/decider.ts';\nexport const wired = decide;\n",
    });
    expect(result.ok).toBe(false);
    expect(result.output).toContain('outside-a-module-imports-more-than-its-module-ts');
  }, 60_000);

  it('lets code outside a module import its module.ts', () => {
    const result = cruiseFixture({
      ...ordersModule,
      'services/src/composition/wiring.ts': "import { ordersModule } from '../modules/orders/module.ts';\nexport const wired = [ordersModule];\n",
      'services/test/orders.ts': "import { ordersModule } from '../src/modules/orders/module.ts';\nexport const named = ordersModule.name;\n",
    });
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
  }, 60_000);

  it('fails when a test outside the module imports its internals', () => {
    const result = cruiseFixture({
      ...ordersModule,
      'services/test/orders.ts': "import { decide } from '../src/modules/orders/decider.ts';\nexport const d = decide;\n",
    });
    expect(result.ok).toBe(false);
    expect(result.output).toContain('outside-a-module-imports-more-than-its-module-ts');
  }, 60_000);

  it('fails when web/src/lib imports a feature', () => {
    const result = cruiseFixture({
      'web/src/features/orders/status.ts': "export const status = 'placed';\n",
      'web/src/lib/live.ts': "import { status } from '../features/orders/status.ts';\nexport const live = status;\n",
    });
    expect(result.ok).toBe(false);
    expect(result.output).toContain('web-shared-code-imports-features-or-app');
  }, 60_000);

  it('fails when web/src/components imports the app shell', () => {
    const result = cruiseFixture({
      'web/src/app/routes.ts': "export const routes = ['/'];\n",
      'web/src/components/Grid.ts': "import { routes } from '../app/routes.ts';\nexport const grid = routes;\n",
    });
    expect(result.ok).toBe(false);
    expect(result.output).toContain('web-shared-code-imports-features-or-app');
  }, 60_000);
});

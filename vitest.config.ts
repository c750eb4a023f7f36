import { defineConfig } from 'vitest/config';

/** One run, three layers picked by file suffix (ARCHITECTURE.md, "Testing layers"). */
export default defineConfig({
  test: {
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/test-results.json' },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{contracts,services,web,test}/**/*.unit.spec.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'int',
          include: ['{services,bench}/**/*.int.spec.ts'],
          globalSetup: ['test/engines.global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['{services,web}/**/*.e2e.spec.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

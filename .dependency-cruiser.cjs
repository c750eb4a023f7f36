/** Module boundaries (ARCHITECTURE.md): a module imports contracts, platform and its own files only. */
module.exports = {
  forbidden: [
    {
      name: 'module-imports-another-module',
      comment: 'Modules meet through events, never through each other\'s code.',
      severity: 'error',
      from: { path: '^services/src/modules/([^/]+)/' },
      to: { path: '^services/src/modules/([^/]+)/', pathNot: '^services/src/modules/$1/' },
    },
    {
      name: 'platform-imports-a-module',
      comment: 'The platform knows no module; the composition root wires them.',
      severity: 'error',
      from: { path: '^services/src/platform/' },
      to: { path: '^services/src/modules/' },
    },
    {
      name: 'contracts-import-only-zod',
      severity: 'error',
      from: { path: '^contracts/' },
      to: { path: '^(services|web)/' },
    },
    {
      name: 'web-feature-imports-another-feature',
      comment: 'No imports across features (bulletproof-react).',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/([^/]+)/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-imports-services',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^services/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|dist)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};

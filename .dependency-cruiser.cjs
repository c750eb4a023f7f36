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
      name: 'outside-a-module-imports-more-than-its-module-ts',
      comment: 'A module\'s public face is its module.ts: the composition root, the tools and the platform reach it only there.',
      severity: 'error',
      from: { path: '^services/', pathNot: '^services/src/modules/' },
      to: { path: '^services/src/modules/[^/]+/', pathNot: '^services/src/modules/[^/]+/module\\.ts$' },
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
      name: 'web-shared-code-imports-features-or-app',
      comment: 'src/lib and src/components serve every feature, so they know none of them, nor the app shell (bulletproof-react).',
      severity: 'error',
      from: { path: '^web/src/(lib|components)/' },
      to: { path: '^web/src/(features|app)/' },
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

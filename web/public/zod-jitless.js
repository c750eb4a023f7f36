// Loaded by index.html before the app's modules, so before zod defines its first schema.
// zod compiles object parsers with `new Function` and first probes whether it may; under the app's
// Content-Security-Policy (no 'unsafe-eval': services/src/platform/http/security-headers.ts) that probe is a reported
// violation. `jitless` turns the compiler and its probe off (the browser parses small answers; the plain parser is
// fast enough). zod reads this object as its global config (globalThis.__zod_globalConfig).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

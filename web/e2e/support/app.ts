import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { startTestApp, type TestApp } from '../../../services/test/harness.ts';

export { SEEDED_ADMIN } from '../../../services/test/harness.ts';

const webDist = resolve(import.meta.dirname, '../../dist');

/** The whole app on the embedded profile serving the built web app (npm test builds it first). */
export const startE2eApp = async (env: Record<string, string> = {}): Promise<TestApp> => {
  if (!existsSync(resolve(webDist, 'index.html'))) {
    throw new Error(`no web build at ${webDist}: run "npm run build" first (npm test does)`);
  }
  return startTestApp({ WEB_DIST_DIR: webDist, ...env });
};

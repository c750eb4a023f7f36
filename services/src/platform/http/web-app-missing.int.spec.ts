import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp, useTestAppWithWebBuild, type TestApp } from '../../../test/harness.ts';
import { WEB_APP_MISSING_CODE } from './web-app-missing.ts';

const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** What a browser and a script get for web paths, and that the API is unaffected. */
const expectWebAppMissing = async (t: TestApp, paths: readonly string[]) => {
  for (const url of paths) {
    const page = await t.app.inject({ method: 'GET', url, headers: HTML });
    expect(page.statusCode, url).toBe(503);
    expect(page.headers['content-type'], url).toMatch(/^text\/html/);
    expect(page.headers['cache-control'], url).toBe('no-store');
    expect(page.body, url).toContain('The web app is not built');
    expect(page.body, url).toContain('npm run build');

    const json = await t.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    expect(json.statusCode, url).toBe(503);
    expect(json.json(), url).toMatchObject({ success: false, code: WEB_APP_MISSING_CODE, message: expect.stringContaining('npm run build') });
  }
  const health = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(200);
  const unknownApi = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here', headers: HTML });
  expect(unknownApi.statusCode).toBe(404);
  expect(unknownApi.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  // Other methods on web paths are not the web app's: still a 404 envelope.
  expect((await t.app.inject({ method: 'POST', url: '/user-interaction' })).statusCode).toBe(404);
};

describe('no web build: web paths answer 503 with a clear message, the API keeps working', () => {
  const t = useTestApp(); // WEB_DIST_DIR points to a folder that does not exist

  it('answers /, a deep link and an asset path with 503', async () => {
    await expectWebAppMissing(t, ['/', '/user-interaction?page=2', '/assets/index.js']);
  });
});

describe('a web build emptied under the running server (a rebuild): 503, not a 500', () => {
  const { t, web } = useTestAppWithWebBuild();

  it('serves the build while it is there, then says it is missing', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/', headers: HTML })).statusCode).toBe(200);
    rmSync(join(web, 'index.html'));
    rmSync(join(web, 'assets'), { recursive: true });
    await expectWebAppMissing(t, ['/', '/index.html', '/user-interaction', '/assets/app.js']);
  });
});

import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium's fake camera and microphone, allowed without a prompt (the sign-up's face capture). */
export const FAKE_MEDIA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

/** Debian's Chromium, headless, with the flags this machine's closed network needs (and `extraArgs`). */
export const launchBrowser = (extraArgs: readonly string[] = []): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      ...extraArgs,
    ],
  });

export const newPage = async (browser: Browser, baseURL: string, width = 1440, height = 900): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({ baseURL, viewport: { width, height } });
  const page = await context.newPage();
  return { context, page };
};

/** A screen is settled: its level-1 heading shows and its loading skeletons are gone. */
export const settled = async (page: Page, heading: string | RegExp) => {
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor({ timeout: 20_000 });
  await page.locator('main .fui-Skeleton').first().waitFor({ state: 'detached', timeout: 20_000 });
};

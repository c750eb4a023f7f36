import type { Page } from 'playwright-core';
import type { TestApp } from '../../../services/test/harness.ts';
import { waitFor } from '../../../services/test/wait-for.ts';

export const SIGN_IN_PATH = '/authentication/sign-in';
export const EXPIRED_MESSAGE = 'Your token is expired or invalid. Please Login again.';

/** The newest sign-in code sent to `email` at or after `after` (epoch ms), read from the dev outbox (newest first); other mail is passed over. */
export const latestCode = async (app: TestApp, email: string, after = 0): Promise<string> =>
  waitFor(
    async () => {
      const response = await fetch(`${app.url}/api/v1/dev/outbox?to=${encodeURIComponent(email)}`);
      if (!response.ok) throw new Error(`GET /dev/outbox answered ${response.status}`);
      const body = (await response.json()) as { data: { items: { text: string; sent_at: string }[] } };
      // Other mail goes to the same address (the new-sign-in notice of an earlier sign-in can land after the code):
      // the newest message since `after` that holds a code.
      const codes = body.data.items.filter((m) => Date.parse(m.sent_at) >= after).map((m) => m.text.match(/\b(\d{6})\b/)?.[1]);
      return codes.find((code) => code !== undefined);
    },
    { timeoutMs: 15_000, what: `a sign-in code for ${email}` },
  );

/**
 * Finishes the sign-in flow from whichever credentials page is showing (/authentication/sign-in or /login):
 * password, then the email channel on /authentication/auth-mode, then the code from the dev outbox.
 * Resolves once the browser has left the sign-in screens.
 */
/**
 * Where the code goes. The backend allows one code per destination per 60 s (and 5 an hour), so a file that signs
 * the same user in twice within a minute uses the email once and the phone once.
 */
export type CodeChannel = { channel: 'email' } | { channel: 'phone'; phone: string };

export const completeSignIn = (page: Page, app: TestApp, email: string, password: string, via: CodeChannel = { channel: 'email' }): Promise<void> =>
  explained(page, () => walkSignIn(page, app, email, password, via));

/** Runs `steps`; on failure says what the user saw (the page's body as an accessibility tree). */
export const explained = async <T>(page: Page, steps: () => Promise<T>): Promise<T> => {
  try {
    return await steps();
  } catch (error) {
    const seen = await page.locator('body').ariaSnapshot({ timeout: 2000 }).catch(() => '(nothing)');
    throw new Error(`${error instanceof Error ? error.message : String(error)}\non ${page.url()} the page showed:\n${seen}`, { cause: error });
  }
};

const walkSignIn = async (page: Page, app: TestApp, email: string, password: string, via: CodeChannel): Promise<void> => {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();

  await page.waitForURL('**/authentication/auth-mode', { timeout: 20_000 });
  const channels = page.getByRole('form', { name: 'Choose how to get your code' });
  await channels.getByRole('radio', { name: via.channel === 'phone' ? /^Phone:/ : /^Email:/ }).check();
  // Codes sent from now on; the outbox clock and ours are the same machine's.
  const sentAfter = Date.now() - 1000;
  await channels.getByRole('button', { name: 'Send code' }).click();

  await page.waitForURL(via.channel === 'phone' ? '**/authentication/login-otp-verification' : '**/authentication/login-email-otp-verification', { timeout: 20_000 });
  await page.getByRole('heading', { name: `Enter the code sent to your ${via.channel}` }).waitFor();
  const code = await latestCode(app, via.channel === 'phone' ? via.phone : email, sentAfter);
  const verify = page.getByRole('form', { name: 'Verify code' });
  await verify.getByLabel('6-digit code').fill(code);
  await verify.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/authentication/') && url.pathname !== '/login', { timeout: 20_000 });
};

/** Signs in through the pages, starting at /authentication/sign-in. */
export const signInThroughPages = async (page: Page, app: TestApp, email: string, password: string, via: CodeChannel = { channel: 'email' }): Promise<void> => {
  await page.goto(SIGN_IN_PATH);
  await explained(page, () => page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor());
  await completeSignIn(page, app, email, password, via);
};

/** Both browser storages of the page's origin, as plain objects. */
export const browserStorage = (page: Page): Promise<{ local: Record<string, string>; session: Record<string, string> }> =>
  page.evaluate(() => {
    const dump = (s: Storage) => {
      const out: Record<string, string> = {};
      for (let i = 0; i < s.length; i++) {
        const k = s.key(i);
        if (k !== null) out[k] = s.getItem(k) ?? '';
      }
      return out;
    };
    return { local: dump(localStorage), session: dump(sessionStorage) };
  });

/** The path part of the page's URL. */
export const pathOf = (page: Page): string => new URL(page.url()).pathname;

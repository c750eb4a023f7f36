import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OTP_RULES } from '@acpg/contracts/identity';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { registerAccount } from '../accounts.ts';
import { identityContext } from '../context.ts';
import { signUpKit } from '../sign-up/test-kit.ts';

let t: TestApp;
let kit: ReturnType<typeof signUpKit>;

beforeAll(async () => {
  t = await startTestApp({ CAPTCHA_COST: '1', SMS_HOURLY_BUDGET: '2', SMS_DAILY_BUDGET: '100' });
  kit = signUpKit(t);
  // The budgets count per UTC hour and day: the platform's clock starts 20 minutes into an hour and runs at real speed,
  // so a run that happens to cross an hour (or midnight) still counts every send in one window.
  const started = Date.now();
  const base = Math.floor(started / 3_600_000) * 3_600_000 + 20 * 60_000;
  t.platform.clock = () => new Date(base + (Date.now() - started));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('code send budgets', () => {
  it('one account gets at most 20 codes a UTC day, whatever the destinations (429 OTP_DAILY_LIMIT)', async () => {
    const email = `budget-${Date.now()}@example.test`;
    const ctx = await identityContext(t.platform);
    const { accountId } = await registerAccount(ctx, { email, fullName: 'Bea Budget', roles: ['Customer'], password: 'budget tests passphrase' }, systemMeta(t.platform, { actor: 'test' }));
    const token = await t.platform.tokens.issueAccessToken({ userId: accountId, roles: ['Customer'] });
    // Email bombing: a new address each time, so no per-destination limit binds.
    const ask = (i: number) =>
      t.app.inject({ method: 'POST', url: '/api/v1/account/email-change', headers: { authorization: `Bearer ${token}` }, payload: { email: `target-${i}-${Date.now()}@example.test`, current_password: 'budget tests passphrase' }, remoteAddress: `10.8.${i}.1` });
    for (let i = 0; i < OTP_RULES.maxSendsPerAccountPerDay; i++) expect((await ask(i)).statusCode).toBe(200);
    const refused = await ask(99);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'OTP_DAILY_LIMIT', retry_after_seconds: expect.any(Number) });
    expect(refused.headers['retry-after']).toBeDefined();
  }, 120_000);

  it('texts past the platform budget are refused (429 SMS_BUDGET_EXHAUSTED); the one reaching it logs an error, once', async () => {
    const error = vi.spyOn(t.platform.log, 'error');
    try {
      const phoneCode = async () => {
        const { response, cookie } = await kit.start(kit.details());
        expect(response.statusCode).toBe(200);
        return kit.post('/auth/sign-up/otp', { channel: 'phone' }, cookie);
      };
      expect((await phoneCode()).statusCode).toBe(200);
      expect((await phoneCode()).statusCode).toBe(200);
      const alerts = () => error.mock.calls.filter(([first]) => (first as { alert?: string } | undefined)?.alert === 'sms-budget');
      expect(alerts()).toHaveLength(1);
      expect(alerts()[0]?.[0]).toMatchObject({ window: 'hour', limit: 2 });
      const refused = await phoneCode();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'SMS_BUDGET_EXHAUSTED', retry_after_seconds: expect.any(Number) });
      expect((await phoneCode()).statusCode).toBe(429);
      expect(alerts()).toHaveLength(1); // once when crossed, not per refusal
    } finally {
      error.mockRestore();
    }
  }, 120_000);
});

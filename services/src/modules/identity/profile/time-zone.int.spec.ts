import { describe, expect, it } from 'vitest';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { signInWithOutboxCode } from '../../../../test/sign-in.ts';
import { findAccountIdByEmail, loadAccount, registerAccount } from '../accounts.ts';
import { identityContext } from '../context.ts';

const t = useTestApp();
const PASSWORD = 'time zone tests passphrase';

let n = 0;
const newAccount = async () => {
  const email = `zone-${++n}-${Date.now()}@example.test`;
  const ctx = await identityContext(t.platform);
  const { accountId } = await registerAccount(ctx, { email, fullName: 'Tess Zone', roles: ['Customer'], password: PASSWORD, phone: null }, systemMeta(t.platform, { actor: 'test' }));
  return { id: accountId, email };
};
const zoneEvents = async (accountId: string) => (await t.platform.eventStore.readStream(`identity-account-${accountId}`)).filter((e) => e.type === 'AccountTimeZoneSet').map((e) => e.data);
const profile = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/v1/account/profile', headers: { authorization: `Bearer ${token}` } })).json().data as { time_zone: string };

describe('the account’s time zone', () => {
  it('is the default (Los Angeles) until the browser sends one; sign-in keeps the browser’s zone', async () => {
    // (One sign-in per account: a second code to the same address within a minute is refused.)
    const noZone = await newAccount();
    const plain = await signInWithOutboxCode(t, { account: { email: noZone.email, password: PASSWORD } });
    expect((await profile(plain.token)).time_zone).toBe('America/Los_Angeles');
    expect(await zoneEvents(noZone.id)).toEqual([]);

    const newYorker = await newAccount();
    const signedIn = await signInWithOutboxCode(t, { account: { email: newYorker.email, password: PASSWORD }, timeZone: 'America/New_York' });
    expect((await profile(signedIn.token)).time_zone).toBe('America/New_York');
    expect(await zoneEvents(newYorker.id)).toEqual([{ account_id: newYorker.id, time_zone: 'America/New_York', at: expect.any(String) }]);
  }, 60_000);

  it('an unknown zone at sign-in is refused with a clear message, and nothing is signed in or kept', async () => {
    const account = await newAccount();
    const started = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email: account.email, password: PASSWORD } });
    const challengeId = (started.json().data as { challenge_id: string }).challenge_id;
    const refused = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in/verify', payload: { challenge_id: challengeId, code: '123456', time_zone: 'Mars/Olympus_Mons' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(refused.body).toContain('Unknown time zone');
    expect(await zoneEvents(account.id)).toEqual([]);
  });

  it('the profile changes it (PUT /account/profile/time-zone); an unknown zone is a 400 naming the field and changes nothing', async () => {
    const account = await newAccount();
    const token = await t.platform.tokens.issueAccessToken({ userId: account.id, roles: ['Customer'] });
    const headers = { authorization: `Bearer ${token}` };
    const saved = await t.app.inject({ method: 'PUT', url: '/api/v1/account/profile/time-zone', headers, payload: { time_zone: 'America/Chicago' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ data: { time_zone: 'America/Chicago' }, message: 'Your time zone was saved.' });
    // The same zone again (every sign-in from the same browser) records nothing.
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/account/profile/time-zone', headers, payload: { time_zone: 'America/Chicago' } })).statusCode).toBe(200);

    for (const time_zone of ['Mars/Olympus_Mons', '+05:00', '', 42]) {
      const refused = await t.app.inject({ method: 'PUT', url: '/api/v1/account/profile/time-zone', headers, payload: { time_zone } });
      expect(refused.statusCode, String(time_zone)).toBe(400);
      expect(refused.body).toContain('time_zone');
    }
    expect((await loadAccount(t.platform.eventStore, account.id))?.timeZone).toBe('America/Chicago');
    expect(await zoneEvents(account.id)).toHaveLength(1);
    expect(await findAccountIdByEmail(t.platform.eventStore, account.email)).toBe(account.id);

    const anonymous = await t.app.inject({ method: 'PUT', url: '/api/v1/account/profile/time-zone', payload: { time_zone: 'America/Chicago' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

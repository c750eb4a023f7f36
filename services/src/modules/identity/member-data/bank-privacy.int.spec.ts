import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTracedApp } from '../../../../test/traced-app.ts';
import { registerAccount } from '../../../../test/accounts.ts';

/** The app logging everything (trace) into memory, to read what saving and revealing bank numbers leave in the log. */
describe('bank numbers in the log', () => {
  const { lines, running } = useTracedApp('bank');

  it('never appear: saved, refused, revealed and refused again', async () => {
    const app = running().app;
    if (!app) throw new Error('no http app');
    const accountId = `acct-${randomUUID()}`;
    await registerAccount(running(), accountId, { email: `${accountId}@example.test`, full_name: 'Pat Member' });
    const token = (userId: string, role: 'Customer' | 'Super Admin') => running().platform.tokens.issueAccessToken({ userId, roles: [role] });
    const member = { authorization: `Bearer ${await token(accountId, 'Customer')}` };
    const admin = { authorization: `Bearer ${await token('bank-log-admin', 'Super Admin')}` };
    const ACCOUNT = '000731946285';
    const ROUTING = '011000015';
    const body = { method: 'direct_deposit', account_holder: 'Pat Member', routing_number: ROUTING, account_number: ACCOUNT, account_type: 'checking', pin: '4826' };
    expect((await app.inject({ method: 'PUT', url: '/api/v1/account/pin', payload: { new_pin: '4826' }, headers: member })).statusCode).toBe(200);
    expect((await app.inject({ method: 'PUT', url: '/api/v1/account/payout-details', payload: { ...body, account_type: 'brokerage' }, headers: member })).statusCode).toBe(400);
    expect((await app.inject({ method: 'PUT', url: '/api/v1/account/payout-details', payload: body, headers: member })).statusCode).toBe(200);
    const reveal = (payload: Record<string, unknown>, headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: `/api/v1/admin/accounts/${accountId}/payout-details/reveal`, payload, headers });
    expect((await reveal({ reason: '' }, admin)).statusCode).toBe(400);
    expect((await reveal({ reason: 'Paying a claim' }, member)).statusCode).toBe(403);
    const shown = await reveal({ reason: 'Paying a claim' }, admin);
    expect(shown.json().data).toMatchObject({ routing_number: ROUTING, account_number: ACCOUNT });
    const log = lines.join('');
    expect(log).toContain('/payout-details/reveal'); // the requests were logged
    expect(log).not.toContain(ACCOUNT);
    expect(log).not.toContain(ROUTING);
  }, 60_000);
});

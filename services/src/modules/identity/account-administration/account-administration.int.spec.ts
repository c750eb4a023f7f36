import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AdminAccountDetail, AdminAccountRow } from '@acpg/contracts/account-administration';
import { REFRESH_COOKIE_NAME } from '../../../platform/auth/refresh-cookie.ts';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { SEEDED_ADMIN, useTestApp } from '../../../../test/harness.ts';
import { signInWithOutboxCode } from '../../../../test/sign-in.ts';
import { placedOrder, startedMembership, submittedClaim } from '../../../../test/account-administration.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { findAccountIdByEmail, registerAccount } from '../accounts.ts';
import { identityContext } from '../context.ts';
import { SUSPENDED_MESSAGE } from './suspension.ts';

const t = useTestApp();
const PASSWORD = 'account administration passphrase';

let n = 0;
const newMember = async (phone: string | null = null) => {
  const email = `admin-acc-${++n}-${Date.now()}@example.test`;
  const ctx = await identityContext(t.platform);
  const { accountId } = await registerAccount(ctx, { email, fullName: `Morgan Member ${n}`, roles: ['Customer'], password: PASSWORD, phone }, systemMeta(t.platform, { actor: 'test' }));
  return { id: accountId, email };
};

const call = (method: InjectOptions['method'], url: string, options: { token?: string; payload?: unknown; cookie?: string } = {}): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(options.payload !== undefined ? { payload: options.payload as Record<string, unknown> } : {}),
    ...(options.token ? { headers: { authorization: `Bearer ${options.token}` } } : {}),
    ...(options.cookie ? { cookies: { [REFRESH_COOKIE_NAME]: options.cookie } } : {}),
  });
const answer = (r: LightMyRequestResponse) => [r.statusCode, (r.json() as { code?: string }).code];

const superAdmin = async () => {
  const id = await findAccountIdByEmail(t.platform.eventStore, SEEDED_ADMIN.email);
  if (!id) throw new Error('no seeded admin');
  return { id, token: await t.signInAs('Super Admin', id) };
};

const list = async (token: string, query: string) => {
  const r = await call('GET', `/admin/accounts?${query}`, { token });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as { data: { items: AdminAccountRow[]; total: number } }).data;
};
const detail = async (token: string, id: string) => {
  const r = await call('GET', `/admin/accounts/${id}`, { token });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as { data: AdminAccountDetail }).data;
};

describe('account administration', () => {
  it('finds accounts by name, email and phone, with role and status filters', async () => {
    const admin = await superAdmin();
    const member = await newMember('+14155550177');
    const byName = await waitFor(async () => ((await list(admin.token, `q=${encodeURIComponent(`member ${n}`)}`)).items.some((a) => a.id === member.id) ? true : undefined), {
      what: 'the member in the list',
    });
    expect(byName).toBe(true);
    expect((await list(admin.token, `q=${encodeURIComponent(member.email.toUpperCase())}`)).items.map((a) => a.id)).toEqual([member.id]);
    expect((await list(admin.token, `q=${encodeURIComponent('(415) 555-0177')}`)).items.map((a) => a.id)).toEqual([member.id]);
    expect((await list(admin.token, `role=Super%20Admin`)).items.every((a) => a.roles.includes('Super Admin'))).toBe(true);
    expect((await list(admin.token, `status=suspended&q=${encodeURIComponent(member.email)}`)).total).toBe(0);
    const row = (await list(admin.token, `q=${encodeURIComponent(member.email)}`)).items[0];
    expect(row).toMatchObject({ full_name: `Morgan Member ${n}`, roles: ['Customer'], status: 'active', provider_id: null, phone_masked: '+1415********' });
  });

  it('shows the account with its sessions, memberships, NHD orders and claims (identity\'s copies)', async () => {
    const admin = await superAdmin();
    const member = await newMember();
    await signInWithOutboxCode(t, { account: { email: member.email, password: PASSWORD }, headers: { 'user-agent': 'Mozilla/5.0 (Macintosh) Firefox/140.0' } });
    await startedMembership(t, member.id);
    const orderId = await placedOrder(t, member.id);
    const claimId = await submittedClaim(t, member.id);
    const page = await detail(admin.token, member.id);
    expect(page.account).toMatchObject({ id: member.id, email: member.email, status: 'active' });
    expect(page.sessions).toHaveLength(1);
    expect(page.sessions[0]?.device).toContain('Firefox');
    expect(page.memberships).toEqual([expect.objectContaining({ plan_name: 'Monthly', status: 'active' })]);
    expect(page.nhd_orders).toEqual([expect.objectContaining({ order_id: orderId, number: 'NHD-100042', status: 'placed', amount_cents: 4900 })]);
    expect(page.claims).toEqual([expect.objectContaining({ claim_id: claimId, number: 'CLM-100042', status: 'submitted', amount_cents: 12_500 })]);
    expect(page.audit).toEqual([]);
  });

  it('a role change ends the account\'s sessions at once: the old access token and the refresh are refused; it is audited', async () => {
    const admin = await superAdmin();
    const member = await newMember();
    const session = await signInWithOutboxCode(t, { account: { email: member.email, password: PASSWORD } });
    expect((await call('GET', '/auth/me', { token: session.token })).statusCode).toBe(200);

    const changed = await call('POST', `/admin/accounts/${member.id}/roles`, { token: admin.token, payload: { roles: ['Customer', 'Admin'], reason: 'Appointed to run support' } });
    expect(changed.statusCode, changed.body).toBe(200);
    const page = (changed.json() as { data: AdminAccountDetail }).data;
    expect(page.account.roles).toEqual(['Customer', 'Admin']);
    expect(page.sessions).toEqual([]);
    expect(page.audit).toEqual([expect.objectContaining({ type: 'AccountRolesChanged', by: admin.id, reason: 'Appointed to run support', roles: ['Customer', 'Admin'], by_name: expect.any(String) })]);

    expect((await call('GET', '/auth/me', { token: session.token })).statusCode).toBe(401);
    expect(answer(await call('POST', '/auth/refresh', { cookie: session.cookie }))).toEqual([401, 'SESSION_ENDED']);
    expect(answer(await call('POST', `/admin/accounts/${member.id}/roles`, { token: admin.token, payload: { roles: ['Admin', 'Customer'], reason: 'again' } }))).toEqual([409, 'ROLES_UNCHANGED']);
  });

  it('a suspended account cannot sign in or refresh and is told why; reactivated, it may sign in again', async () => {
    const admin = await superAdmin();
    const member = await newMember();
    const session = await signInWithOutboxCode(t, { account: { email: member.email, password: PASSWORD } });

    const suspended = await call('POST', `/admin/accounts/${member.id}/suspend`, { token: admin.token, payload: { reason: 'Chargeback fraud under review' } });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect((suspended.json() as { data: AdminAccountDetail }).data.account.status).toBe('suspended');

    expect((await call('GET', '/auth/me', { token: session.token })).statusCode).toBe(401);
    const refresh = await call('POST', '/auth/refresh', { cookie: session.cookie });
    expect(answer(refresh)).toEqual([401, 'ACCOUNT_SUSPENDED']);
    const signIn = await call('POST', '/auth/sign-in', { payload: { email: member.email, password: PASSWORD } });
    expect(answer(signIn)).toEqual([401, 'ACCOUNT_SUSPENDED']);
    expect((signIn.json() as { message: string }).message).toBe(SUSPENDED_MESSAGE);
    // A wrong password is told nothing about the suspension.
    expect(answer(await call('POST', '/auth/sign-in', { payload: { email: member.email, password: 'not the passphrase at all' } }))).toEqual([401, 'INVALID_CREDENTIALS']);
    expect(answer(await call('POST', `/admin/accounts/${member.id}/suspend`, { token: admin.token, payload: { reason: 'twice' } }))).toEqual([409, 'ALREADY_SUSPENDED']);
    expect((await list(admin.token, `status=suspended&q=${encodeURIComponent(member.email)}`)).items.map((a) => a.id)).toEqual([member.id]);

    const reactivated = await call('POST', `/admin/accounts/${member.id}/reactivate`, { token: admin.token, payload: { reason: 'Cleared by the bank' } });
    expect(reactivated.statusCode, reactivated.body).toBe(200);
    const page = (reactivated.json() as { data: AdminAccountDetail }).data;
    expect(page.account.status).toBe('active');
    expect(page.audit.map((e) => e.type)).toEqual(['AccountReactivated', 'AccountSuspended']);
    expect((await call('POST', '/auth/sign-in', { payload: { email: member.email, password: PASSWORD } })).statusCode).toBe(200);
    expect(answer(await call('POST', `/admin/accounts/${member.id}/reactivate`, { token: admin.token, payload: { reason: 'again' } }))).toEqual([409, 'NOT_SUSPENDED']);
  });

  it('a Super Admin cannot suspend or demote themselves', async () => {
    const admin = await superAdmin();
    expect(answer(await call('POST', `/admin/accounts/${admin.id}/suspend`, { token: admin.token, payload: { reason: 'oops' } }))).toEqual([409, 'OWN_ACCOUNT']);
    expect(answer(await call('POST', `/admin/accounts/${admin.id}/roles`, { token: admin.token, payload: { roles: ['Customer'], reason: 'oops' } }))).toEqual([409, 'OWN_ACCOUNT']);
    expect((await detail(admin.token, admin.id)).account).toMatchObject({ status: 'active', roles: ['Super Admin'] });
  });

  it('refuses callers and bad input: 401, 403, 404, 400, and changes nothing', async () => {
    const admin = await superAdmin();
    const member = await newMember();
    const customer = await t.signInAs('Customer', member.id);
    expect((await call('GET', '/admin/accounts')).statusCode).toBe(401);
    expect((await call('GET', '/admin/accounts', { token: customer })).statusCode).toBe(403);
    expect((await call('GET', `/admin/accounts/${member.id}`, { token: customer })).statusCode).toBe(403);
    expect((await call('POST', `/admin/accounts/${member.id}/suspend`, { token: customer, payload: { reason: 'x' } })).statusCode).toBe(403);
    expect(answer(await call('GET', '/admin/accounts/no-such-account', { token: admin.token }))).toEqual([404, 'ACCOUNT_NOT_FOUND']);
    expect(answer(await call('POST', '/admin/accounts/no-such-account/suspend', { token: admin.token, payload: { reason: 'x' } }))).toEqual([404, 'ACCOUNT_NOT_FOUND']);
    expect((await call('POST', `/admin/accounts/${member.id}/suspend`, { token: admin.token, payload: { reason: '  ' } })).statusCode).toBe(400);
    expect((await call('POST', `/admin/accounts/${member.id}/roles`, { token: admin.token, payload: { roles: [], reason: 'x' } })).statusCode).toBe(400);
    expect((await call('POST', `/admin/accounts/${member.id}/roles`, { token: admin.token, payload: { roles: ['Wizard'], reason: 'x' } })).statusCode).toBe(400);
    expect((await call('POST', `/admin/accounts/${member.id}/roles`, { token: admin.token, payload: { roles: ['Admin'] } })).statusCode).toBe(400);
    expect((await call('GET', '/admin/accounts?status=gone', { token: admin.token })).statusCode).toBe(400);
    const page = await detail(admin.token, member.id);
    expect(page.account).toMatchObject({ roles: ['Customer'], status: 'active' });
    expect(page.audit).toEqual([]);
  });
});

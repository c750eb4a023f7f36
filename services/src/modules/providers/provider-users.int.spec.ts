import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pageOf } from '@acpg/contracts/http';
import { InvitationPreview, ProviderInvitationsImportReport, ProviderUserSaved, ProviderUserView } from '@acpg/contracts/provider-users';
import { registerAccount } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/harness.ts';
import { createProvider, providerAdminToken } from '../../../test/providers.ts';
import { waitForMessage, type OutboxItem } from '../../../test/outbox.ts';
import { signUpWithOutboxCodes } from '../../../test/sign-up.ts';
import { waitFor } from '../../../test/wait-for.ts';

const t = useTestApp({ CAPTCHA_COST: '1' });

type Method = 'GET' | 'POST';
const inject = async (method: Method, url: string, token: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: `/api/v1${url}`, ...(payload === undefined ? {} : { payload: payload as string }), headers: { authorization: `Bearer ${token}`, ...headers } });
const superAdmin = () => t.signInAs('Super Admin', 'provider-users-admin');


const uniqueEmail = (what: string) => `${what}-${randomUUID().slice(0, 8)}@example.test`;

const inviteAs = async (token: string, email: string, role = 'Agent', providerId?: string) =>
  inject('POST', '/provider-users/invitations', token, { email, role, ...(providerId ? { provider_id: providerId } : {}) });

/** The link's token and the code of the newest invitation email to `to`. */
const invitationMail = async (to: string, previous?: OutboxItem) => {
  const item = await waitForMessage(t.app, to, /invited you to ACPG/, previous);
  const token = decodeURIComponent(/invitation=([^\s"&]+)/.exec(item.text)?.[1] ?? '');
  const code = /enter this code: ([A-Z0-9-]{11})/.exec(item.text)?.[1] ?? '';
  expect(token).not.toBe('');
  expect(code).not.toBe('');
  return { item, token, code };
};

const listAs = async (token: string, query = '') => {
  const response = await inject('GET', `/provider-users${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return pageOf(ProviderUserView).parse(response.json().data);
};

const accept = (token: string, key: { token?: string; code?: string }) => inject('POST', '/provider-invitations/accept', token, key);
const lookup = (key: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/v1/provider-invitations/lookup?${new URLSearchParams(key)}` });

/** An account (identity's own events) and its access token. */
const account = async (email: string) => {
  const id = randomUUID();
  await registerAccount(t, id, { email, full_name: 'Sam Invitee' });
  return { id, token: await t.platform.tokens.issueAccessToken({ userId: id, roles: ['Customer'] }) };
};

describe('provider invitations', () => {
  it('a Provider Admin invites; the invitee previews and accepts with the link; the row turns active; the link is single use', async () => {
    const providerId = await createProvider(t);
    const admin = await providerAdminToken(t, providerId);
    const email = uniqueEmail('invitee');
    const invited = await inviteAs(admin, email.toUpperCase());
    expect(invited.statusCode, invited.body).toBe(200);
    const saved = ProviderUserSaved.parse(invited.json().data);
    expect(saved.status).toBe('invited');
    const { token } = await invitationMail(email);

    const preview = await lookup({ token });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(InvitationPreview.parse(preview.json().data)).toMatchObject({ email, role: 'Agent', provider_id: providerId });

    const listed = await listAs(admin, `?q=${encodeURIComponent(email.slice(0, 10))}`);
    expect(listed.items).toEqual([expect.objectContaining({ id: saved.id, email, status: 'invited', role: 'Agent' })]);

    const user = await account(email);
    const accepted = await accept(user.token, { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.status).toBe('active');
    expect((await listAs(admin, '?status=active')).items).toEqual([expect.objectContaining({ id: saved.id, status: 'active', account_id: user.id, full_name: 'Sam Invitee' })]);

    // Identity gives the account the invitation's role, which ends the tokens issued before (the web refreshes).
    await waitFor(async () => (await accept(user.token, { token })).statusCode === 401, { what: 'the token issued before the role change refused' });
    const reused = await accept(await t.signInAs('Agent', user.id), { token });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('INVITATION_USED');
    expect((await lookup({ token })).json().code).toBe('INVITATION_USED');
    expect((await inviteAs(admin, email)).json().code).toBe('ALREADY_A_PROVIDER_USER');
  }, 60_000);

  it('accepts by the short code; refuses another email, an expired, a revoked and a replaced invitation with their codes', async () => {
    const providerId = await createProvider(t);
    const admin = await providerAdminToken(t, providerId);

    // Another email: refused, nothing recorded; the right account then accepts by code.
    const email = uniqueEmail('coded');
    expect((await inviteAs(admin, email, 'Broker')).statusCode).toBe(200);
    const { code } = await invitationMail(email);
    const stranger = await account(uniqueEmail('stranger'));
    const wrong = await accept(stranger.token, { code });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().code).toBe('INVITATION_EMAIL_MISMATCH');
    const right = await account(email);
    const byCode = await accept(right.token, { code: code.toLowerCase() });
    expect(byCode.statusCode, byCode.body).toBe(200);

    // Revoked.
    const revokedEmail = uniqueEmail('revoked');
    const revokedId = ProviderUserSaved.parse((await inviteAs(admin, revokedEmail)).json().data).id;
    const revokedMail = await invitationMail(revokedEmail);
    expect((await inject('POST', `/provider-users/${revokedId}/revoke`, admin)).statusCode).toBe(200);
    const afterRevoke = await accept((await account(revokedEmail)).token, { token: revokedMail.token });
    expect(afterRevoke.statusCode).toBe(410);
    expect(afterRevoke.json().code).toBe('INVITATION_REVOKED');

    // Replaced by a resend: the old link is dead, the new one works.
    const resentEmail = uniqueEmail('resent');
    const resentId = ProviderUserSaved.parse((await inviteAs(admin, resentEmail)).json().data).id;
    const first = await invitationMail(resentEmail);
    expect((await inject('POST', `/provider-users/${resentId}/resend`, admin)).statusCode).toBe(200);
    const second = await invitationMail(resentEmail, first.item);
    const resentUser = await account(resentEmail);
    const old = await accept(resentUser.token, { token: first.token });
    expect(old.statusCode).toBe(410);
    expect(old.json().code).toBe('INVITATION_REPLACED');
    expect((await accept(resentUser.token, { token: second.token })).statusCode).toBe(200);

    // Expired: the app's clock past PROVIDER_INVITATION_DAYS.
    const expiredEmail = uniqueEmail('expired');
    expect((await inviteAs(admin, expiredEmail)).statusCode).toBe(200);
    const expiredMail = await invitationMail(expiredEmail);
    const expiredUser = await account(expiredEmail);
    const clock = t.platform.clock;
    t.platform.clock = () => new Date(clock().getTime() + 15 * 86_400_000);
    try {
      const late = await accept(expiredUser.token, { token: expiredMail.token });
      expect(late.statusCode).toBe(410);
      expect(late.json().code).toBe('INVITATION_EXPIRED');
      expect((await listAs(admin, '?status=expired')).items.map((u) => u.email)).toEqual([expiredEmail]);
    } finally {
      t.platform.clock = clock;
    }

    const unknown = await accept(expiredUser.token, { token: `${'a'.repeat(32)}.1.bm9wZQ` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('INVITATION_NOT_FOUND');
    expect((await accept(expiredUser.token, {})).statusCode).toBe(400);
  }, 90_000);

  it('accepts through sign-up: a new account signs up with the invited email, then accepts', async () => {
    const providerId = await createProvider(t);
    const admin = await providerAdminToken(t, providerId);
    const email = uniqueEmail('signup');
    expect((await inviteAs(admin, email, 'Owner')).statusCode).toBe(200);
    const { token } = await invitationMail(email);
    expect(InvitationPreview.parse((await lookup({ token })).json().data).role).toBe('Owner');
    const phone = `+1415${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const member = await signUpWithOutboxCodes(t, { full_name: 'Nia Newcomer', email, phone, password: 'correct horse battery staple 7', role: 'Owner' });
    const accepted = await accept(member.AccessToken, { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await listAs(admin)).items).toEqual([expect.objectContaining({ email, status: 'active', full_name: 'Nia Newcomer', role: 'Owner' })]);
  }, 60_000);

  it('refuses a Super Admin, Admin or Provider Admin account an invitation (409 INVITATION_NOT_FOR_STAFF); the invitation still waits', async () => {
    const providerId = await createProvider(t);
    const admin = await providerAdminToken(t, providerId);
    const email = uniqueEmail('staff');
    expect((await inviteAs(admin, email, 'Agent')).statusCode).toBe(200);
    const { token } = await invitationMail(email);
    const staff = await account(email);
    for (const role of ['Admin', 'Super Admin', 'Provider Admin'] as const) {
      const refused = await accept(await t.platform.tokens.issueAccessToken({ userId: staff.id, roles: [role] }), { token });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'INVITATION_NOT_FOR_STAFF', message: expect.stringContaining(role) });
    }
    expect((await listAs(admin)).items).toEqual([expect.objectContaining({ email, status: 'invited' })]);
    expect((await accept(staff.token, { token })).statusCode).toBe(200);
  }, 60_000);

  it('suspends and reactivates a user within the provider', async () => {
    const providerId = await createProvider(t);
    const admin = await providerAdminToken(t, providerId);
    const email = uniqueEmail('susp');
    const id = ProviderUserSaved.parse((await inviteAs(admin, email)).json().data).id;
    expect((await inject('POST', `/provider-users/${id}/suspend`, admin)).json().code).toBe('PROVIDER_USER_NOT_ACTIVE');
    const { token } = await invitationMail(email);
    expect((await accept((await account(email)).token, { token })).statusCode).toBe(200);
    const suspended = await inject('POST', `/provider-users/${id}/suspend`, admin);
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect((await listAs(admin, '?status=suspended')).items.map((u) => u.id)).toEqual([id]);
    expect((await inject('POST', `/provider-users/${id}/reactivate`, admin)).json().data.status).toBe('active');
  }, 60_000);

  it('removes a user from the provider: the row shows status removed, once; another provider’s Provider Admin is answered 404', async () => {
    const providerId = await createProvider(t);
    const admin = await providerAdminToken(t, providerId);
    const email = uniqueEmail('leaver');
    const id = ProviderUserSaved.parse((await inviteAs(admin, email)).json().data).id;
    const early = await inject('POST', `/provider-users/${id}/remove`, admin);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('PROVIDER_USER_NOT_A_MEMBER');
    const { token } = await invitationMail(email);
    expect((await accept((await account(email)).token, { token })).statusCode).toBe(200);

    const other = await providerAdminToken(t, await createProvider(t));
    const sneaky = await inject('POST', `/provider-users/${id}/remove`, other);
    expect(sneaky.statusCode).toBe(404);
    expect(sneaky.json().code).toBe('PROVIDER_USER_NOT_FOUND');

    const removed = await inject('POST', `/provider-users/${id}/remove`, admin);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(ProviderUserSaved.parse(removed.json().data).status).toBe('removed');
    expect(removed.json().message).toBe('The user was removed from the provider.');
    expect((await listAs(admin)).items).toEqual([expect.objectContaining({ id, email, status: 'removed' })]);
    expect((await inject('POST', `/provider-users/${id}/reactivate`, admin)).statusCode).toBe(409);
  }, 60_000);
});

describe('scoping: a Provider Admin of provider A and provider B’s users', () => {
  it('cannot list, invite into, or act on B’s users (404, never data); Super Admins see both with a filter', async () => {
    const [a, b] = [await createProvider(t), await createProvider(t)];
    const adminA = await providerAdminToken(t, a);
    const adminB = await providerAdminToken(t, b);
    const bEmail = uniqueEmail('b-user');
    const bId = ProviderUserSaved.parse((await inviteAs(adminB, bEmail)).json().data).id;
    const aEmail = uniqueEmail('a-user');
    expect((await inviteAs(adminA, aEmail)).statusCode).toBe(200);

    const listB = await inject('GET', `/provider-users?provider_id=${b}`, adminA);
    expect(listB.statusCode).toBe(404);
    expect(listB.body).not.toContain(bEmail);
    expect((await listAs(adminA)).items.map((u) => u.email)).toEqual([aEmail]);
    expect((await listAs(adminA, `?q=${encodeURIComponent(bEmail)}`)).items).toEqual([]);

    const intoB = await inviteAs(adminA, uniqueEmail('sneak'), 'Agent', b);
    expect(intoB.statusCode).toBe(404);
    expect(intoB.json().code).toBe('PROVIDER_NOT_FOUND');
    for (const action of ['resend', 'revoke', 'suspend', 'reactivate', 'remove']) {
      const acted = await inject('POST', `/provider-users/${bId}/${action}`, adminA);
      expect(acted.statusCode, action).toBe(404);
      expect(acted.json().code).toBe('PROVIDER_USER_NOT_FOUND');
      expect(acted.body).not.toContain(bEmail);
    }
    // B's invitation is untouched.
    expect((await listAs(adminB)).items).toEqual([expect.objectContaining({ id: bId, status: 'invited' })]);

    expect((await inject('GET', '/provider-users/scope', adminA)).json().data).toMatchObject({ provider_id: a });
    // A Provider Admin without a provider sees nothing.
    expect((await inject('GET', '/provider-users', await t.platform.tokens.issueAccessToken({ userId: 'pa-none', roles: ['Provider Admin'] }))).statusCode).toBe(404);

    const sa = await superAdmin();
    expect((await listAs(sa, `?provider_id=${b}`)).items.map((u) => u.email)).toEqual([bEmail]);
    expect((await inviteAs(sa, uniqueEmail('sa'), 'Sub User')).json().code).toBe('VALIDATION_FAILED');
    expect((await inviteAs(sa, uniqueEmail('sa'), 'Sub User', b)).statusCode).toBe(200);
  }, 60_000);
});

describe('bulk invitations from a CSV file', () => {
  it('invites the good rows and reports the refused ones by spreadsheet line', async () => {
    const providerId = await createProvider(t);
    const admin = await providerAdminToken(t, providerId);
    const good = [uniqueEmail('csv1'), uniqueEmail('csv2')];
    const already = uniqueEmail('csv-already');
    expect((await inviteAs(admin, already)).statusCode).toBe(200);
    const csv = ['Email,Role', `${good[0]},Agent`, 'not-an-email,Agent', '', `${good[1]},Sub User`, `${good[0]},Broker`, `${already},Owner`, 'x@example.test,Pilot'].join('\r\n');
    const response = await inject('POST', '/provider-users/invitations/import', admin, csv, { 'content-type': 'text/csv' });
    expect(response.statusCode, response.body).toBe(200);
    const report = ProviderInvitationsImportReport.parse(response.json().data);
    expect(report.invited).toBe(2);
    expect(report.refused.map((r) => [r.line, r.email])).toEqual([
      [3, 'not-an-email'],
      [6, good[0]],
      [7, already],
      [8, 'x@example.test'],
    ]);
    expect(report.refused[0]?.reason).toMatch(/valid email/);
    expect(report.refused[3]?.reason).toMatch(/Pick a role/);
    expect((await listAs(admin, '?page_size=50')).items.map((u) => u.email).sort()).toEqual([...good, already].sort());

    const noHeader = await inject('POST', '/provider-users/invitations/import', admin, 'a@b.example,Agent', { 'content-type': 'text/csv' });
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().code).toBe('IMPORT_FILE_INVALID');
    const tooMany = ['email,role', ...Array.from({ length: 501 }, (_, i) => `bulk${i}@example.test,Agent`)].join('\n');
    const refused = await inject('POST', '/provider-users/invitations/import', admin, tooMany, { 'content-type': 'text/csv' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('IMPORT_FILE_INVALID');
  }, 90_000);
});

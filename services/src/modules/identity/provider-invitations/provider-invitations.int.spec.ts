import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pageOf } from '@acpg/contracts/http';
import { ProviderUserView } from '@acpg/contracts/provider-users';
import { registerAccount } from '../../../../test/accounts.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { createProvider, invitationLinkToken, providerAdminToken } from '../../../../test/providers.ts';
import { signUpWithOutboxCodes } from '../../../../test/sign-up.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { loadStream } from '../../../platform/commands/handle-command.ts';
import { accountDecider, accountStream } from '../account/decider.ts';

const t = useTestApp({ CAPTCHA_COST: '1' });

const inject = async (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, ...(payload ? { payload } : {}), headers: { authorization: `Bearer ${token}` } });
const uniqueEmail = (what: string) => `${what}-${randomUUID().slice(0, 8)}@example.test`;
const inviteAs = async (token: string, email: string, role: string) => inject('POST', '/provider-users/invitations', token, { email, role });
const accept = (token: string, key: { token: string }) => inject('POST', '/provider-invitations/accept', token, key);
const listAs = async (token: string) => pageOf(ProviderUserView).parse((await inject('GET', '/provider-users', token)).json().data);
const account = async (email: string) => {
  const id = randomUUID();
  await registerAccount(t, id, { email, full_name: 'Sam Invitee' });
  return { id, token: await t.platform.tokens.issueAccessToken({ userId: id, roles: ['Customer'] }) };
};

describe("identity: an accepted invitation's role (ProviderInvitationAccepted → AccountRolesChanged)", () => {
  it("gives the account the invitation's role (not what the sign-up sent): a new account and an existing one", async () => {
    const providerId = await createProvider(t);
    const admin = await providerAdminToken(t, providerId);
    const rolesOf = async (accountId: string) => {
      const { state } = await loadStream(t.platform.eventStore, accountStream(accountId), accountDecider);
      return state.status === 'registered' ? state.roles : [];
    };
    // A new account: signed up as a Customer (what the browser sent) through a Sub User invitation.
    const email = uniqueEmail('subuser');
    expect((await inviteAs(admin, email, 'Sub User')).statusCode).toBe(200);
    const token = await invitationLinkToken(t, email);
    const phone = `+1415${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const member = await signUpWithOutboxCodes(t, { full_name: 'Sue User', email, phone, password: 'correct horse battery staple 7', role: 'Customer' });
    expect((await accept(member.AccessToken, { token })).statusCode).toBe(200);
    const memberId = (await listAs(admin)).items.find((u) => u.email === email)?.account_id;
    if (!memberId) throw new Error('no account on the row');
    await waitFor(async () => (await rolesOf(memberId)).includes('Sub User'), { what: "the invitation's role" });
    expect(await rolesOf(memberId)).toEqual(['Sub User', 'Customer']);
    // An existing account accepts an Agent invitation signed in.
    const existingEmail = uniqueEmail('existing');
    expect((await inviteAs(admin, existingEmail, 'Agent')).statusCode).toBe(200);
    const existing = await account(existingEmail);
    expect((await accept(existing.token, { token: await invitationLinkToken(t, existingEmail) })).statusCode).toBe(200);
    await waitFor(async () => (await rolesOf(existing.id)).includes('Agent'), { what: "the invitation's role" });
    expect(await rolesOf(existing.id)).toEqual(['Agent', 'Customer']);
    const [changed] = (await t.platform.eventStore.readStream(accountStream(existing.id))).filter((e) => e.type === 'AccountRolesChanged');
    expect(changed?.data).toMatchObject({ changed_by: existing.id, provider_id: null, reason: expect.stringContaining(providerId) });
  }, 90_000);

});

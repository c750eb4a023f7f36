import { randomUUID } from 'node:crypto';
import { ProviderUserSaved, type ProviderInvitationAccepted, type ProviderUserRemoved } from '@acpg/contracts/provider-users';
import { ProviderSaved } from '@acpg/contracts/providers';
import { eventEnvelope } from '../src/platform/commands/envelope.ts';
import { registerAccount } from './accounts.ts';
import { markVerified } from './equity.ts';
import type { TestApp } from './harness.ts';
import { waitForMessage } from './outbox.ts';

/**
 * Provider test helpers. Two ways to make someone a provider's user:
 * - `joinProviderThroughInvitation`: as a person does, through the API (the Provider Admin invites, the account accepts);
 * - `recordProviderMember`: by appending the providers module's `ProviderInvitationAccepted` (no provider needed).
 */
type T = Pick<TestApp, 'app' | 'platform' | 'signInAs'>;

const post = async (t: T, url: string, token: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, ...(payload ? { payload } : {}), headers: { authorization: `Bearer ${token}` } });

/** A Provider Admin's token for `providerId` (as identity issues one: the provider in `pid`). */
export const providerAdminToken = (t: Pick<TestApp, 'platform'>, providerId: string, userId = `padmin-${providerId}`) =>
  t.platform.tokens.issueAccessToken({ userId, roles: ['Provider Admin'], providerId });

/** A provider a Super Admin created (`POST /admin/providers`); answers its id. */
export const createProvider = async (t: T, name = `Builder ${randomUUID().slice(0, 8)}`): Promise<string> => {
  const body = {
    name,
    kind: 'Homebuilder',
    contact: { name: 'Pat Lee', email: 'pat@builder.example', phone: null },
    address: { line1: '1 Market St', city: 'San Francisco', state: 'CA', zip: '94105' },
  };
  const created = await post(t, '/admin/providers', await t.signInAs('Super Admin', 'providers-admin'), body);
  if (created.statusCode !== 200) throw new Error(`create provider: ${created.statusCode} ${created.body}`);
  return ProviderSaved.parse(created.json().data).id;
};

/** A provider a Super Admin created, and its Provider Admin's token. */
export const providerWithAdmin = async (t: T) => {
  const providerId = await createProvider(t);
  const adminId = `padmin-${randomUUID()}`;
  return { providerId, adminId, adminToken: await providerAdminToken(t, providerId, adminId) };
};

/** The link's token in the newest invitation email to `to` (`?invitation=…`). */
export const invitationLinkToken = async (t: Pick<TestApp, 'app'>, to: string): Promise<string> => {
  const item = await waitForMessage(t.app, to, /invited you to ACPG/);
  return decodeURIComponent(/invitation=([^\s"&]+)/.exec(item.text)?.[1] ?? '');
};

/**
 * `accountId` becomes a user of the provider the way a person does: its Provider Admin invites the email, the account
 * accepts with the emailed code. The account is registered here with a fresh email and `fullName`, unless `email` says
 * it is registered already with that one. Answers the provider user's id (its row).
 */
export const joinProviderThroughInvitation = async (t: T, adminToken: string, accountId: string, fullName = 'Morgan Member', registered?: { email: string }): Promise<{ providerUserId: string; email: string }> => {
  const email = registered?.email ?? `member-${randomUUID().slice(0, 8)}@example.test`;
  if (!registered) await registerAccount(t, accountId, { email, full_name: fullName });
  const invited = await post(t, '/provider-users/invitations', adminToken, { email, role: 'Agent' });
  if (invited.statusCode !== 200) throw new Error(`invite: ${invited.statusCode} ${invited.body}`);
  const item = await waitForMessage(t.app, email, /invited you to ACPG/);
  const code = /enter this code: ([A-Z0-9-]{11})/.exec(item.text)?.[1];
  if (!code) throw new Error('no invitation code in the email');
  const accepted = await post(t, '/provider-invitations/accept', await t.signInAs('Customer', accountId), { code });
  if (accepted.statusCode !== 200) throw new Error(`accept: ${accepted.statusCode} ${accepted.body}`);
  return { providerUserId: ProviderUserSaved.parse(invited.json().data).id, email };
};

/**
 * Two providers (A and B), each with a Provider Admin and a user who joined through an invitation: A's `memberA`
 * (Alma Avila) and B's `memberB` (Bo Banks). `joinedA` is A's row of its user (to remove them).
 */
export const twoProvidersWithAMemberEach = async (t: T) => {
  const [a, b] = [await providerWithAdmin(t), await providerWithAdmin(t)];
  const [memberA, memberB] = [`acct-${randomUUID()}`, `acct-${randomUUID()}`];
  const joinedA = await joinProviderThroughInvitation(t, a.adminToken, memberA, 'Alma Avila');
  await joinProviderThroughInvitation(t, b.adminToken, memberB, 'Bo Banks');
  return { a, b, memberA, memberB, joinedA };
};

/** The Provider Admin removes the user from its provider (`POST /provider-users/:id/remove`). */
export const removeProviderUserThroughApi = async (t: T, adminToken: string, providerUserId: string) => {
  const removed = await post(t, `/provider-users/${providerUserId}/remove`, adminToken);
  if (removed.statusCode !== 200) throw new Error(`remove: ${removed.statusCode} ${removed.body}`);
  return ProviderUserSaved.parse(removed.json().data);
};

/**
 * Records that `accountId` joined `providerId` (the providers module's own `ProviderInvitationAccepted`, on an invitation
 * stream of its own): every module's copy of provider members holds them. Returns the invitation id (to remove them later).
 */
export const recordProviderMember = async (t: Pick<TestApp, 'platform'>, providerId: string, accountId: string, email = `${accountId}@members.example`): Promise<string> => {
  const invitationId = randomUUID();
  const now = new Date();
  const data: ProviderInvitationAccepted = { invitation_id: invitationId, provider_id: providerId, account_id: accountId, full_name: 'Pat Member', email, role: 'Agent', by: accountId, at: now.toISOString() };
  await t.platform.eventStore.append(`providers-invitation-${invitationId}`, 0, [eventEnvelope(randomUUID(), 'ProviderInvitationAccepted', data, { now, actor: accountId, correlationId: randomUUID() })]);
  return invitationId;
};

/** Records that the user left the provider (`ProviderUserRemoved` on the invitation's stream). */
export const recordProviderMemberRemoved = async (t: Pick<TestApp, 'platform'>, providerId: string, accountId: string, invitationId: string): Promise<void> => {
  const stream = `providers-invitation-${invitationId}`;
  const version = (await t.platform.eventStore.readStream(stream)).length;
  const now = new Date();
  const data: ProviderUserRemoved = { invitation_id: invitationId, provider_id: providerId, account_id: accountId, by: accountId, at: now.toISOString() };
  await t.platform.eventStore.append(stream, version, [eventEnvelope(randomUUID(), 'ProviderUserRemoved', data, { now, actor: accountId, correlationId: randomUUID() })]);
};

/**
 * A registered account with `propertyId` verified, recorded as a user of a new provider id (A), with A's Provider Admin
 * token (`adminA`, as `adminId`) and another provider's (`adminB`).
 */
export const verifiedMemberOfNewProvider = async (t: T, propertyId: string) => {
  const providerA = randomUUID();
  const member = randomUUID();
  const email = `member-${member.slice(0, 8)}@example.test`;
  await registerAccount(t, member, { email, full_name: 'Pat Member' });
  await markVerified(t, member, propertyId);
  const invitation = await recordProviderMember(t, providerA, member);
  const adminId = `padmin-${randomUUID().slice(0, 8)}`;
  return { providerA, member, email, invitation, adminId, adminA: await providerAdminToken(t, providerA, adminId), adminB: await providerAdminToken(t, randomUUID()) };
};

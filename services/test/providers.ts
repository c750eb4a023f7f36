import { randomUUID } from 'node:crypto';
import { ProviderUserSaved } from '@acpg/contracts/provider-users';
import { ProviderSaved } from '@acpg/contracts/providers';
import { registerAccount } from './accounts.ts';
import type { TestApp } from './harness.ts';
import { waitForMessage } from './outbox.ts';

type T = Pick<TestApp, 'app' | 'platform' | 'signInAs'>;

const post = async (t: T, url: string, token: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, ...(payload ? { payload } : {}), headers: { authorization: `Bearer ${token}` } });

/** A provider a Super Admin created, and its Provider Admin's token (as identity issues one: the provider in `pid`). */
export const providerWithAdmin = async (t: T) => {
  const body = {
    name: `Builder ${randomUUID().slice(0, 8)}`,
    kind: 'Homebuilder',
    contact: { name: 'Pat Lee', email: 'pat@builder.example', phone: null },
    address: { line1: '1 Market St', city: 'San Francisco', state: 'CA', zip: '94105' },
  };
  const created = await post(t, '/admin/providers', await t.signInAs('Super Admin', 'providers-admin'), body);
  if (created.statusCode !== 200) throw new Error(`create provider: ${created.statusCode} ${created.body}`);
  const providerId = ProviderSaved.parse(created.json().data).id;
  const adminId = `padmin-${randomUUID()}`;
  const adminToken = await t.platform.tokens.issueAccessToken({ userId: adminId, roles: ['Provider Admin'], providerId });
  return { providerId, adminId, adminToken };
};

/**
 * `accountId` becomes a user of the provider the way a person does: its Provider Admin invites the email, the account
 * accepts with the emailed code. The account is registered here with a fresh email and `fullName`, unless `email` says
 * it is registered already with that one. Answers the provider user's id (its row).
 */
export const joinProvider = async (t: T, adminToken: string, accountId: string, fullName = 'Morgan Member', registered?: { email: string }): Promise<{ providerUserId: string; email: string }> => {
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

/** The Provider Admin removes the user from its provider (`POST /provider-users/:id/remove`). */
export const removeFromProvider = async (t: T, adminToken: string, providerUserId: string) => {
  const removed = await post(t, `/provider-users/${providerUserId}/remove`, adminToken);
  if (removed.statusCode !== 200) throw new Error(`remove: ${removed.statusCode} ${removed.body}`);
  return ProviderUserSaved.parse(removed.json().data);
};

import { randomUUID } from 'node:crypto';
import type { ProviderInvitationAccepted, ProviderUserRemoved } from '@acpg/contracts/provider-users';
import { eventEnvelope } from '../src/platform/commands/envelope.ts';
import type { TestApp } from './harness.ts';

type T = Pick<TestApp, 'platform'>;

/**
 * `accountId` joined `providerId` (the providers module's own `ProviderInvitationAccepted`, on an invitation stream of
 * its own): every module's copy of provider members holds them. Returns the invitation id (to remove them later).
 */
export const joinProvider = async (t: T, providerId: string, accountId: string, email = `${accountId}@members.example`): Promise<string> => {
  const invitationId = randomUUID();
  const now = new Date();
  const data: ProviderInvitationAccepted = { invitation_id: invitationId, provider_id: providerId, account_id: accountId, full_name: 'Pat Member', email, role: 'Agent', by: accountId, at: now.toISOString() };
  await t.platform.eventStore.append(`providers-invitation-${invitationId}`, 0, [eventEnvelope(randomUUID(), 'ProviderInvitationAccepted', data, { now, actor: accountId, correlationId: randomUUID() })]);
  return invitationId;
};

/** The user left the provider (`ProviderUserRemoved` on the invitation's stream). */
export const leaveProvider = async (t: T, providerId: string, accountId: string, invitationId: string): Promise<void> => {
  const stream = `providers-invitation-${invitationId}`;
  const version = (await t.platform.eventStore.readStream(stream)).length;
  const now = new Date();
  const data: ProviderUserRemoved = { invitation_id: invitationId, provider_id: providerId, account_id: accountId, by: accountId, at: now.toISOString() };
  await t.platform.eventStore.append(stream, version, [eventEnvelope(randomUUID(), 'ProviderUserRemoved', data, { now, actor: accountId, correlationId: randomUUID() })]);
};

/** A Provider Admin's token for `providerId` (as identity issues one: the provider in `pid`). */
export const providerAdminToken = (t: Pick<TestApp, 'platform'>, providerId: string, userId = `padmin-${providerId.slice(0, 8)}`) =>
  t.platform.tokens.issueAccessToken({ userId, roles: ['Provider Admin'], providerId });

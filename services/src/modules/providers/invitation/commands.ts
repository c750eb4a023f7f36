import type { ProviderUserRole, ProviderUserSaved } from '@acpg/contracts/provider-users';
import { OVERSEER_ROLES } from '@acpg/contracts/role-permissions';
import type { Principal } from '../../../platform/auth/port.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { foldStream, handleCommand } from '../../../platform/commands/handle-command.ts';
import type { CommandMeta } from '../../../platform/commands/metadata.ts';
import { publicUrl } from '../../../platform/config/public-url.ts';
import type { Doc } from '../../../platform/documents/port.ts';
import { notificationJob } from '../../../platform/jobs/notifications.ts';
import type { Platform } from '../../../platform/module.ts';
import { documentAtVersion } from '../../../platform/projections/caught-up.ts';
import { templateMessage } from '../../../platform/templates/template.ts';
import { DEFAULT_TIME_ZONE, formatLongDate } from '../../../platform/formatting/index.ts';
import { timeZoneOf } from '../../../platform/local-copies/account-time-zones.ts';
import { PROVIDERS_COLLECTION } from '../providers/projection.ts';
import { PROVIDER_USERS_COLLECTION } from '../users/projection.ts';
import { INVITATION_NOT_FOUND, invitationDecider, invitationStream, type InvitationCommand, type InvitationKeyOf, type InvitationState } from './decider.ts';
import { codeHashOf, invitationCode, linkToken, readLinkToken, spacedCode } from './keys.ts';
import { knownProperties } from './properties.ts';
import { providerInvitationEmail } from './template.ts';

type CommandOf<T extends InvitationCommand['type']> = Omit<Extract<InvitationCommand, { type: T }>, 'metadata'>;
type AnyCommand = { [T in InvitationCommand['type']]: CommandOf<T> }[InvitationCommand['type']];

const providerMissing = () => new DomainError('not_found', 'PROVIDER_NOT_FOUND', 'This provider was not found.', [{ path: 'provider_id', message: 'This provider was not found.' }]);
export const providerUserMissing = () => new DomainError('not_found', 'PROVIDER_USER_NOT_FOUND', 'This provider user was not found.');

const oversees = (principal: Principal) => principal.roles.some((r) => OVERSEER_ROLES.includes(r));

/**
 * The provider a caller acts for. A Provider Admin: always the provider in their token (another `requested` answers
 * exactly as an unknown provider). A Super Admin or Admin: the one requested, or null (every provider) when `optional`.
 */
export function providerScope(principal: Principal, requested: string | undefined, optional: true): string | null;
export function providerScope(principal: Principal, requested: string | undefined, optional?: false): string;
export function providerScope(principal: Principal, requested: string | undefined, optional = false): string | null {
  if (oversees(principal)) {
    if (requested) return requested;
    if (optional) return null;
    const message = 'Pick the provider.';
    throw new DomainError('invalid', 'VALIDATION_FAILED', message, [{ path: 'provider_id', message }]);
  }
  if (!principal.providerId || (requested !== undefined && requested !== principal.providerId)) throw providerMissing();
  return principal.providerId;
}

/** The provider's row, when it exists and is active (invitations are sent only for an active provider). */
export const activeProvider = async (platform: Platform, providerId: string): Promise<Doc> => {
  const provider = await platform.documents.get(PROVIDERS_COLLECTION, providerId);
  if (!provider) throw providerMissing();
  if (provider.status === 'deactivated') throw new DomainError('conflict', 'PROVIDER_DEACTIVATED', 'This provider is deactivated. Reactivate it before inviting people.');
  return provider;
};

/** A provider user's row the caller may act on: another provider's answers exactly as an unknown one. */
export const rowInScope = async (platform: Platform, principal: Principal, id: string): Promise<Doc> => {
  const row = await platform.documents.get(PROVIDER_USERS_COLLECTION, id);
  if (!row || (!oversees(principal) && row.provider_id !== principal.providerId)) throw providerUserMissing();
  return row;
};

export const loadInvitation = async (platform: Platform, id: string): Promise<InvitationState> =>
  foldStream(invitationDecider, await platform.eventStore.readStream(invitationStream(id)));

/** Runs one command on the invitation's stream and waits, bounded, for the read model to hold what it wrote. */
export const runInvitationCommand = async (platform: Platform, id: string, command: AnyCommand, metadata: CommandMeta): Promise<ProviderUserSaved> => {
  const { state, version } = await handleCommand(platform.eventStore, invitationStream(id), invitationDecider, { ...command, metadata } as InvitationCommand);
  await documentAtVersion(platform.documents, PROVIDER_USERS_COLLECTION, id, version);
  const status = state.status === 'none' ? 'invited' : state.status;
  return { id, status, version };
};

/** When an invitation sent now stops working. */
export const expiryFrom = (platform: Platform, now: Date): string => new Date(now.getTime() + platform.config.PROVIDER_INVITATION_DAYS * 86_400_000).toISOString();

/** The code (and its hash) of the next send of an invitation. */
export const nextCode = async (platform: Platform, id: string, send: number) => {
  const code = await invitationCode(platform, id, send);
  return { code, code_hash: codeHashOf(code) };
};

/**
 * The zone an invitation's expiry day is written in: the invitee has no account yet, so the inviter's (a provider's
 * users live where its Provider Admin does), from providers' copy of account time zones; `DEFAULT_TIME_ZONE` otherwise.
 */
const inviterTimeZone = async (platform: Platform, metadata: CommandMeta): Promise<string> =>
  metadata.actor ? timeZoneOf(platform, 'providers', metadata.actor) : DEFAULT_TIME_ZONE;

/** Emails one send's link and code (the secrets travel in the job only). One job per send. */
export const emailInvitation = async (platform: Platform, state: InvitationState, timeZone: string): Promise<void> => {
  if (state.status !== 'invited') return;
  const token = await linkToken(platform, state.invitation_id, state.send);
  const code = await invitationCode(platform, state.invitation_id, state.send);
  const variables = {
    provider_name: state.provider_name,
    role: state.role,
    invite_url: `${publicUrl(platform.config)}/sign-up?invitation=${encodeURIComponent(token)}`,
    code_url: `${publicUrl(platform.config)}/sign-up`,
    code: spacedCode(code),
    expires_on: formatLongDate(state.expires_at, timeZone),
  };
  await notificationJob.enqueue(platform, templateMessage(providerInvitationEmail, state.email, variables), { id: `providers-invitation-${state.invitation_id}-${state.send}`, attempts: 8, backoffMs: 2000 });
};

/** Invites (or invites again after a revocation or expiry) and emails the link and code. */
export const invite = async (
  platform: Platform,
  provider: Doc,
  invitation: { email: string; role: ProviderUserRole; properties?: string[] | undefined },
  invitationId: string,
  metadata: CommandMeta,
): Promise<ProviderUserSaved> => {
  const { email, role } = invitation;
  // Only ids the property data knows (400 PROPERTY_NOT_FOUND naming the place of the first unknown one).
  const properties = (await knownProperties(invitation.properties ?? [])).map((p) => p.id);
  const before = await loadInvitation(platform, invitationId);
  const send = before.send + 1;
  const { code_hash } = await nextCode(platform, invitationId, send);
  const data = { invitation_id: invitationId, provider_id: String(provider.id), provider_name: String(provider.name), email, role, send, code_hash, expires_at: expiryFrom(platform, metadata.now), properties };
  const saved = await runInvitationCommand(platform, invitationId, { type: 'InviteProviderUser', data }, metadata);
  await emailInvitation(platform, await loadInvitation(platform, invitationId), await inviterTimeZone(platform, metadata));
  return saved;
};

/** Attaches more properties (known ones only) to a waiting invitation. */
export const attachProperties = async (platform: Platform, invitationId: string, ids: readonly string[], metadata: CommandMeta): Promise<ProviderUserSaved> => {
  const properties = (await knownProperties(ids)).map((p) => p.id);
  return runInvitationCommand(platform, invitationId, { type: 'AttachProperties', data: { properties } }, metadata);
};

export const resend = async (platform: Platform, invitationId: string, metadata: CommandMeta): Promise<ProviderUserSaved> => {
  const before = await loadInvitation(platform, invitationId);
  const send = before.send + 1;
  const { code_hash } = await nextCode(platform, invitationId, send);
  const saved = await runInvitationCommand(platform, invitationId, { type: 'ResendInvitation', data: { send, code_hash, expires_at: expiryFrom(platform, metadata.now) } }, metadata);
  await emailInvitation(platform, await loadInvitation(platform, invitationId), await inviterTimeZone(platform, metadata));
  return saved;
};

/** The invitation a link's token or a code names, and the key the decider checks; unknown ones are INVITATION_NOT_FOUND. */
export const invitationOfKey = async (platform: Platform, key: { token?: string | undefined; code?: string | undefined }): Promise<{ id: string; key: InvitationKeyOf }> => {
  if (key.token !== undefined) {
    const read = await readLinkToken(platform, key.token);
    if (!read) throw INVITATION_NOT_FOUND();
    return { id: read.invitationId, key: { send: read.send } };
  }
  const code_hash = codeHashOf(key.code ?? '');
  const [row] = await platform.documents.find(PROVIDER_USERS_COLLECTION, { code_hashes: code_hash }, { limit: 1 });
  if (!row) throw INVITATION_NOT_FOUND();
  return { id: String(row._id), key: { code_hash } };
};

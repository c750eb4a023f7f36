import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { ProviderDetails, ProviderSaved } from '@acpg/contracts/providers';
import { handleCommand, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { OVERSEER_ROLES } from '@acpg/contracts/role-permissions';
import { accountRolesOf, accountsByEmail } from '../copies.ts';
import { adminshipDecider, adminshipStream, alreadyProviderAdmin } from './adminship.ts';
import type { Platform } from '../../../platform/module.ts';
import { documentAtVersion } from '../../../platform/projections/caught-up.ts';
import { PROVIDERS_COLLECTION } from '../providers/projection.ts';
import { providerDecider, providerStream, type ProviderCommand } from './decider.ts';

/** Data of a command, without its metadata. */
type CommandOf<T extends ProviderCommand['type']> = Omit<Extract<ProviderCommand, { type: T }>, 'metadata'>;
type AnyCommand = { [T in ProviderCommand['type']]: CommandOf<T> }[ProviderCommand['type']];

/** The contact's phone, checked by libphonenumber-js as the web's phone fields check it (the contract checks only its form). */
export const assertContactPhone = (details: ProviderDetails): void => {
  const phone = details.contact.phone;
  if (phone === null || parsePhoneNumberFromString(phone)?.isValid()) return;
  const message = 'Enter a valid phone number with its country code, e.g. +14155550123';
  throw new DomainError('invalid', 'VALIDATION_FAILED', message, [{ path: 'contact.phone', message }]);
};

/**
 * Runs one command on the provider's stream and waits, bounded, for the read model to hold what it wrote (the list
 * and the detail read it next). Answers the provider's id, status and the version written.
 */
export const runProviderCommand = async (platform: Platform, providerId: string, command: AnyCommand, metadata: CommandMeta, options: { newStream?: boolean } = {}): Promise<ProviderSaved> => {
  const { state, version } = await handleCommand(
    platform.eventStore,
    providerStream(providerId),
    providerDecider,
    { ...command, metadata } as ProviderCommand,
    options.newStream ? { newStream: true, existsMessage: 'This provider exists already.' } : {},
  );
  await documentAtVersion(platform.documents, PROVIDERS_COLLECTION, providerId, version);
  return { id: providerId, status: state.status === 'deactivated' ? 'deactivated' : 'active', version };
};

/** The account an email names, from the providers module's copy of account contacts; a 404 naming `email` when none. */
export const accountIdByEmail = async (platform: Platform, email: string): Promise<string> => {
  const [accountId] = await accountsByEmail(platform, email);
  if (accountId) return accountId;
  const message = 'No account uses this email. The person signs up first, then you appoint them.';
  throw new DomainError('not_found', 'ACCOUNT_NOT_FOUND', message, [{ path: 'email', message }]);
};

/** An account is a Provider Admin of one provider at a time: appointing one of another provider's is refused (the read model: appointments made before the seat streams). */
const assertNotAdminElsewhere = async (platform: Platform, providerId: string, accountId: string): Promise<void> => {
  const [other] = await platform.documents.find(PROVIDERS_COLLECTION, { admin_ids: accountId, _id: { $ne: providerId } }, { limit: 1 });
  if (other) throw alreadyProviderAdmin(String(other.name));
};

/** A Super Admin or Admin runs the whole platform: they are never one provider's Provider Admin. */
const assertNotOverseer = async (platform: Platform, accountId: string): Promise<void> => {
  const overseer = (await accountRolesOf(platform, accountId)).find((role) => (OVERSEER_ROLES as readonly string[]).includes(role));
  if (!overseer) return;
  const message = `This account is ${overseer === 'Admin' ? 'an' : 'a'} ${overseer}, who already sees every provider. Appoint another account as Provider Admin.`;
  throw new DomainError('conflict', 'OVERSEER_NOT_PROVIDER_ADMIN', message, [{ path: 'email', message }]);
};

/**
 * Appoints the account: refused for a Super Admin or Admin and for a Provider Admin of another provider. The account's
 * seat stream is taken first, at the version read (every process, every API instance), then the provider records the
 * appointment; if the provider refuses it (deactivated), the seat is given back.
 */
export const appointProviderAdmin = async (platform: Platform, provider: { id: string; name: string }, accountId: string, metadata: CommandMeta): Promise<ProviderSaved> => {
  await assertNotOverseer(platform, accountId);
  await assertNotAdminElsewhere(platform, provider.id, accountId);
  const seat = adminshipStream(accountId);
  const { events } = await handleCommand(platform.eventStore, seat, adminshipDecider, { type: 'TakeAdminSeat', data: { account_id: accountId, provider_id: provider.id, provider_name: provider.name }, metadata }, { retries: 3 });
  try {
    return await runProviderCommand(platform, provider.id, { type: 'AppointProviderAdmin', data: { account_id: accountId } }, metadata);
  } catch (error) {
    if (events.length > 0) await handleCommand(platform.eventStore, seat, adminshipDecider, { type: 'ReleaseAdminSeat', data: { account_id: accountId, provider_id: provider.id }, metadata }, { retries: 3 });
    throw error;
  }
};

/** Removes the Provider Admin, then gives their seat back. */
export const removeProviderAdmin = async (platform: Platform, providerId: string, accountId: string, metadata: CommandMeta): Promise<ProviderSaved> => {
  const saved = await runProviderCommand(platform, providerId, { type: 'RemoveProviderAdmin', data: { account_id: accountId } }, metadata);
  await handleCommand(platform.eventStore, adminshipStream(accountId), adminshipDecider, { type: 'ReleaseAdminSeat', data: { account_id: accountId, provider_id: providerId }, metadata }, { retries: 3 });
  return saved;
};

import type { AccountReactivated, AccountRolesChanged, AccountSuspended, AccountAdminErrorCode } from '@acpg/contracts/account-administration';
import type { Role } from '@acpg/contracts/roles';
import { DomainError, type DomainErrorKind } from '../../../platform/commands/domain-error.ts';
import type { Command, DomainEvent } from '../../../platform/commands/handle-command.ts';
import { ownEvents } from '../../../platform/commands/own-events.ts';
import type { AccountState } from '../account/decider.ts';

/** A Super Admin's changes to an account (account administration): roles, suspension, reactivation. */
export type AdministrationEvent =
  | DomainEvent<'AccountRolesChanged', AccountRolesChanged>
  | DomainEvent<'AccountSuspended', AccountSuspended>
  | DomainEvent<'AccountReactivated', AccountReactivated>;

/**
 * `other_super_admins`: how many active Super Admins there are besides this account (read by the caller from the
 * accounts read model): a change that would leave none is refused.
 */
export type AdministrationCommand =
  | Command<'ChangeRoles', { roles: Role[]; reason: string; other_super_admins: number }>
  | Command<'SuspendAccount', { reason: string; other_super_admins: number }>
  | Command<'ReactivateAccount', { reason: string }>;

export const ADMINISTRATION_EVENT_TYPES = ['AccountRolesChanged', 'AccountSuspended', 'AccountReactivated'] as const satisfies readonly AdministrationEvent['type'][];

type Registered = Extract<AccountState, { status: 'registered' }>;

const refuseAdmin = (kind: DomainErrorKind, code: AccountAdminErrorCode, message: string, field?: string) =>
  new DomainError(kind, code, message, field ? [{ path: field, message }] : undefined);

const SUPER_ADMIN: Role = 'Super Admin';
const PROVIDER_ADMIN: Role = 'Provider Admin';

/** Every administration event ends the account's sessions (each is in SESSION_VERSION_EVENTS too). */
export const evolveAdministration = (state: Registered, event: AdministrationEvent): Registered => {
  switch (event.type) {
    case 'AccountRolesChanged':
      return { ...state, roles: event.data.roles, providerId: event.data.provider_id, sessionsEndedBefore: event.data.changed_at, keptSessionId: null };
    case 'AccountSuspended':
      return { ...state, suspended: true, sessionsEndedBefore: event.data.at, keptSessionId: null };
    case 'AccountReactivated':
      return { ...state, suspended: false };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown event ${JSON.stringify(unknown)}`);
    }
  }
};

const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

export const decideAdministration = (command: AdministrationCommand, state: Registered): AdministrationEvent[] => {
  const at = command.metadata.now.toISOString();
  const by = command.metadata.actor ?? 'system';
  const account_id = state.id;
  const isSuperAdmin = state.roles.includes(SUPER_ADMIN) && !state.suspended;
  switch (command.type) {
    case 'ChangeRoles': {
      const { roles, reason, other_super_admins } = command.data;
      if (roles.length === 0) throw refuseAdmin('invalid', 'ROLES_UNCHANGED', 'Choose at least one role.', 'roles');
      if (sameRoles(roles, state.roles)) throw refuseAdmin('conflict', 'ROLES_UNCHANGED', 'The account already has exactly these roles.', 'roles');
      // A Provider Admin acts for a provider: only a provider's page appoints one (it names the provider).
      if (roles.includes(PROVIDER_ADMIN) && !state.roles.includes(PROVIDER_ADMIN)) {
        throw refuseAdmin('conflict', 'PROVIDER_ADMIN_BY_PROVIDER', "Appoint a Provider Admin from their provider's page (Providers), which names the provider.", 'roles');
      }
      const demoted = isSuperAdmin && !roles.includes(SUPER_ADMIN);
      if (demoted && by === account_id) throw refuseAdmin('conflict', 'OWN_ACCOUNT', 'You cannot remove your own Super Admin role. Ask another Super Admin.', 'roles');
      if (demoted && other_super_admins < 1) throw refuseAdmin('conflict', 'LAST_SUPER_ADMIN', 'This is the last Super Admin: appoint another one first.', 'roles');
      return [{ type: 'AccountRolesChanged', data: { account_id, roles, provider_id: state.providerId ?? null, changed_by: by, reason, changed_at: at } }];
    }
    case 'SuspendAccount': {
      if (by === account_id) throw refuseAdmin('conflict', 'OWN_ACCOUNT', 'You cannot suspend your own account.');
      if (state.suspended) throw refuseAdmin('conflict', 'ALREADY_SUSPENDED', 'This account is already suspended.');
      if (isSuperAdmin && command.data.other_super_admins < 1) throw refuseAdmin('conflict', 'LAST_SUPER_ADMIN', 'This is the last Super Admin: appoint another one first.');
      return [{ type: 'AccountSuspended', data: { account_id, by, reason: command.data.reason, at } }];
    }
    case 'ReactivateAccount':
      if (!state.suspended) throw refuseAdmin('conflict', 'NOT_SUSPENDED', 'This account is not suspended.');
      return [{ type: 'AccountReactivated', data: { account_id, by, reason: command.data.reason, at } }];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
};

/** Only identity writes the account stream: the stored data is the event's as decided. */
export const toAdministrationEvent = ownEvents<AdministrationEvent>(ADMINISTRATION_EVENT_TYPES);

import type { AccountRolesChanged } from '@acpg/contracts/identity';
import type { Role } from '@acpg/contracts/roles';
import { OVERSEER_ROLES } from '@acpg/contracts/role-permissions';
import type { Command, DomainEvent } from '../../../platform/commands/handle-command.ts';
import type { AccountState } from './decider.ts';

/**
 * Role changes, recorded as `AccountRolesChanged` (who asked, why), which ends the account's access tokens
 * (SESSION_VERSION_EVENTS). A Super Admin's `ChangeRoles` is account administration's; `SetProviderAdmin` gives or takes back
 * the Provider Admin role and the provider (the providers module's appointments as identity's copy holds them,
 * `provider-admins/`), decided on the account's roles as they are then.
 */
export type RolesCommand =
  /** `provider_id`: the provider the account is a Provider Admin of from now on (null: none). */
  Command<'SetProviderAdmin', { provider_id: string | null; changed_by: string; reason: string }>;

type Registered = Extract<AccountState, { status: 'registered' }>;
type RolesChangedEvent = DomainEvent<'AccountRolesChanged', AccountRolesChanged>;

const PROVIDER_ADMIN: Role = 'Provider Admin';

/**
 * The roles after an appointment or a removal (Customer when none is left). The first role picks the menu: Provider Admin
 * goes first, unless the account oversees everything (Super Admin, Admin), whose menu it keeps.
 */
export const rolesAfter = (roles: readonly Role[], appointed: boolean): Role[] => {
  const others = roles.filter((role) => role !== PROVIDER_ADMIN);
  if (appointed) return others.some((role) => OVERSEER_ROLES.includes(role)) ? [...others, PROVIDER_ADMIN] : [PROVIDER_ADMIN, ...others];
  return others.length > 0 ? others : ['Customer'];
};

const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((role, i) => role === b[i]);

const changed = (command: RolesCommand, state: Registered, roles: Role[], providerId: string | null): RolesChangedEvent[] => {
  if (sameRoles(roles, state.roles) && providerId === (state.providerId ?? null)) return [];
  const { changed_by, reason } = command.data;
  return [{ type: 'AccountRolesChanged', data: { account_id: state.id, roles, provider_id: providerId, changed_by, reason, changed_at: command.metadata.now.toISOString() } }];
};

export const decideRoles = (command: RolesCommand, state: Registered): RolesChangedEvent[] => {
  const { provider_id } = command.data;
  return changed(command, state, rolesAfter(state.roles, provider_id !== null), provider_id);
};

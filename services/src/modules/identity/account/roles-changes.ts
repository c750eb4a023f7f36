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
  | Command<'SetProviderAdmin', { provider_id: string | null; changed_by: string; reason: string }>
  /** The account accepted a provider's invitation (`ProviderInvitationAccepted`): it gets the invitation's role. */
  | Command<'AddInvitedRole', { role: Role; changed_by: string; reason: string }>;

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

/**
 * The roles after accepting an invitation with `role`: unchanged when the account has it; else the invitation's role goes
 * first (the account joined the provider as that, so its menu is that role's), unless the account oversees everything
 * or is a Provider Admin (the providers module refuses them an invitation; a late job still keeps their menu).
 */
export const rolesWithInvited = (roles: readonly Role[], role: Role): Role[] => {
  if (roles.includes(role)) return [...roles];
  const keepsMenu = roles.some((r) => OVERSEER_ROLES.includes(r) || r === PROVIDER_ADMIN);
  return keepsMenu ? [...roles, role] : [role, ...roles];
};

const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((role, i) => role === b[i]);

const changed = (command: RolesCommand, state: Registered, roles: Role[], providerId: string | null): RolesChangedEvent[] => {
  if (sameRoles(roles, state.roles) && providerId === (state.providerId ?? null)) return [];
  const { changed_by, reason } = command.data;
  return [{ type: 'AccountRolesChanged', data: { account_id: state.id, roles, provider_id: providerId, changed_by, reason, changed_at: command.metadata.now.toISOString() } }];
};

export const decideRoles = (command: RolesCommand, state: Registered): RolesChangedEvent[] => {
  if (command.type === 'AddInvitedRole') return changed(command, state, rolesWithInvited(state.roles, command.data.role), state.providerId ?? null);
  const { provider_id } = command.data;
  return changed(command, state, rolesAfter(state.roles, provider_id !== null), provider_id);
};

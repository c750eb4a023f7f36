import { CUSTOMER_SIDE_ROLES, type RoleName } from '@acpg/contracts/role-names';
import { MEMBER_ROLES, OVERSEER_ROLES, may, type Capability } from '@acpg/contracts/role-permissions';

// contracts/role-names.ts and role-permissions.ts, not contracts/roles.ts: the zod enum there would pull zod into the entry chunk.
export const SUPER_ADMIN: RoleName = 'Super Admin';
export const PROVIDER_ADMIN: RoleName = 'Provider Admin';
export const PROFESSIONAL: RoleName = 'Professional';
export const CUSTOMER_SIDE: readonly RoleName[] = CUSTOMER_SIDE_ROLES;
/** Roles with the customer menu and a member's own data (beneficiaries, PIN, payout details): DECISIONS.md "Roles". */
export const MEMBERS: readonly RoleName[] = MEMBER_ROLES;
/** Roles that keep the token and the authorised flag at login (spec section 6: admin, sub-admin, Professional). */
export const TOKEN_KEEPING_ROLES: readonly string[] = ['Super Admin', 'Admin', 'Professional'];

/** The first role is the one the product uses (spec section 3). */
export function primaryRole(roles: readonly string[] | null | undefined): string | null {
  return roles?.[0] ?? null;
}

/** Whether the signed-in roles may do `capability` (the role table the server enforces, `@acpg/contracts/role-permissions`). */
export function allowed(roles: readonly string[] | null | undefined, capability: Capability | undefined): boolean {
  return capability === undefined || may(roles, capability);
}

/** Where My Account points (spec section 2; an Admin, the Super Admin's delegate, lands where a Super Admin does). */
export function myAccountPath(roles: readonly string[] | null | undefined): string {
  const role = primaryRole(roles);
  if (role === PROVIDER_ADMIN) return '/acpg-provider-users';
  if (role != null && (OVERSEER_ROLES as readonly string[]).includes(role)) return '/admin-dashboard';
  return '/subscriptions';
}

/**
 * Which side menu a role sees: Super Admin and Admin the admin menu (an Admin only the entries its capabilities
 * open), Provider Admin its own, every other role the customer menu (DECISIONS.md "Roles").
 */
export type MenuKind = 'admin' | 'provider-admin' | 'customer';
export function menuKind(roles: readonly string[] | null | undefined): MenuKind {
  const role = primaryRole(roles);
  if (role != null && (OVERSEER_ROLES as readonly string[]).includes(role)) return 'admin';
  if (role === PROVIDER_ADMIN) return 'provider-admin';
  return 'customer';
}

import { CUSTOMER_SIDE_ROLES, type RoleName } from '@acpg/contracts/role-names';

// contracts/role-names.ts, not contracts/roles.ts: the zod enum there would pull zod into the entry chunk.
export const SUPER_ADMIN: RoleName = 'Super Admin';
export const PROVIDER_ADMIN: RoleName = 'Provider Admin';
export const PROFESSIONAL: RoleName = 'Professional';
export const CUSTOMER_SIDE: readonly RoleName[] = CUSTOMER_SIDE_ROLES;
/** Roles that keep the token and the authorised flag at login (spec section 6: admin, sub-admin, Professional). */
export const TOKEN_KEEPING_ROLES: readonly string[] = ['Super Admin', 'Admin', 'Professional'];

/** The first role is the one the product uses (spec section 3). */
export function primaryRole(roles: readonly string[] | null | undefined): string | null {
  return roles?.[0] ?? null;
}

/** Where My Account points (spec section 2). */
export function myAccountPath(roles: readonly string[] | null | undefined): string {
  const role = primaryRole(roles);
  if (role === PROVIDER_ADMIN) return '/acpg-provider-users';
  if (role === SUPER_ADMIN) return '/admin-dashboard';
  return '/subscriptions';
}

/** Which side menu a role sees (DECISIONS.md: every other role uses the customer menu). */
export type MenuKind = 'super-admin' | 'provider-admin' | 'customer';
export function menuKind(roles: readonly string[] | null | undefined): MenuKind {
  const role = primaryRole(roles);
  if (role === SUPER_ADMIN) return 'super-admin';
  if (role === PROVIDER_ADMIN) return 'provider-admin';
  return 'customer';
}

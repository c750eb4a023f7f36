import type { Role } from '@acpg/contracts/roles';

// String literals instead of the zod enum from contracts/roles.ts: that module would pull zod into the entry chunk.
export const SUPER_ADMIN: Role = 'Super Admin';
export const PROVIDER_ADMIN: Role = 'Provider Admin';
export const PROFESSIONAL: Role = 'Professional';
export const CUSTOMER_SIDE: readonly Role[] = ['Customer', 'Agent', 'Broker', 'Owner'];
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

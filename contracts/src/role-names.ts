/**
 * Role names from spec section 6, without zod: contracts/roles.ts builds its schema from them and the web's entry
 * chunk imports them directly. "Lennar" is a provider organisation, not a role (DECISIONS.md).
 */
export const ROLES = ['Super Admin', 'Provider Admin', 'Customer', 'Agent', 'Broker', 'Owner', 'Professional', 'Admin', 'Service Provider', 'Sub User'] as const;
export type RoleName = (typeof ROLES)[number];

export const CUSTOMER_SIDE_ROLES: readonly RoleName[] = ['Customer', 'Agent', 'Broker', 'Owner'];

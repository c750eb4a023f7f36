import { z } from 'zod';

/** Role names from spec section 6. "Lennar" is a provider organisation, not a role (DECISIONS.md). */
export const ROLES = [
  'Super Admin',
  'Provider Admin',
  'Customer',
  'Agent',
  'Broker',
  'Owner',
  'Professional',
  'Admin',
  'Service Provider',
  'Sub User',
] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

export const CUSTOMER_SIDE_ROLES: readonly Role[] = ['Customer', 'Agent', 'Broker', 'Owner'];

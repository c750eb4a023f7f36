import { z } from 'zod';

import { CUSTOMER_SIDE_ROLES, ROLES } from './role-names.ts';

/** Role names from spec section 6 (role-names.ts, without zod). */
export { CUSTOMER_SIDE_ROLES, ROLES };
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;


import { OVERSEER_ROLES } from '@acpg/contracts/role-permissions';
import type { Platform } from '../../../platform/module.ts';
import type { RoomAuthorizer } from '../../../platform/realtime/rooms.ts';

/** Entity kind of one account's room: `account:<id>`. */
export const ACCOUNT_ROOM = 'account';

/** The account itself, Super Admins and Admins may follow an account live. */
export const mayFollowAccount: RoomAuthorizer<Platform> = async (principal, accountId) =>
  principal.userId === accountId || principal.roles.some((role) => OVERSEER_ROLES.includes(role));

import { OVERSEER_ROLES } from '@acpg/contracts/role-permissions';
import type { Platform } from '../../../platform/module.ts';
import type { RoomAuthorizer } from '../../../platform/realtime/rooms.ts';

/** `provider-users:<provider id>`: that provider's Provider Admins (by their token's provider), Super Admins and Admins. */
export const mayFollowProviderUsers: RoomAuthorizer<Platform> = async (principal, providerId) =>
  principal.providerId === providerId || principal.roles.some((role) => OVERSEER_ROLES.includes(role));

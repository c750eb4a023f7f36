import type { Platform } from '../../../platform/module.ts';
import type { RoomAuthorizer } from '../../../platform/realtime/rooms.ts';
import { loadCheckout } from '../checkout/commands.ts';

/**
 * Who may follow `checkout:<id>` live: the account that started it and Super Admins. Read from the checkout's stream,
 * so a page opened right after Pay may join before the read model has the row.
 */
export const mayFollowCheckout: RoomAuthorizer<Platform> = async (principal, checkoutId, platform) => {
  if (principal.roles.includes('Super Admin')) return true;
  const state = await loadCheckout(platform, checkoutId);
  return state.status !== 'none' && state.started.account_id === principal.userId;
};

import type { Platform } from '../../../platform/module.ts';
import type { RoomAuthorizer } from '../../../platform/realtime/rooms.ts';
import { loadOrder, mayAccessOrder } from '../order/commands.ts';

/**
 * Who may follow `nhd-order:<id>` live: the order's owner and Super Admins. Read from the order's stream, so a page
 * opened right after placing may join before the read model has the row. A malformed id is simply not an order.
 */
export const mayFollowOrder: RoomAuthorizer<Platform> = async (principal, orderId, platform) => {
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) return false;
  const state = await loadOrder(platform, orderId);
  return state.status !== 'none' && mayAccessOrder(principal, state);
};

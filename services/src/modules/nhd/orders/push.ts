import { NHD_ORDER_ROOM, NHD_ORDER_UPDATED_MESSAGE, NhdOrderView } from '@acpg/contracts/nhd-orders';
import type { ProjectionPush } from '../../../platform/projections/define.ts';
import { entityName } from '../../../platform/realtime/rooms.ts';
import type { OrderEvent } from '../order/decider.ts';

/** The identity module's entity kind `account` (the account itself and Super Admins follow it). */
const ACCOUNT_ROOM = 'account';

/**
 * After an order's row is written: the row (with the version and position it reflects) to the order's room (its
 * page), its owner's room (their list) and to Super Admins (the admin list). Only the last row of a batch per order.
 */
export const pushOrder: ProjectionPush<OrderEvent> = (applied, realtime) => {
  const latest = new Map<string, NhdOrderView>();
  for (const { doc } of applied) {
    const view = doc ? NhdOrderView.safeParse({ ...doc, version: doc._version ?? 0, position: doc._position ?? 0 }) : null;
    if (view?.success) latest.set(view.data.order_id, view.data);
  }
  for (const view of latest.values()) {
    realtime.toEntity(entityName(NHD_ORDER_ROOM, view.order_id), NHD_ORDER_UPDATED_MESSAGE, view);
    realtime.toEntity(entityName(ACCOUNT_ROOM, view.account_id), NHD_ORDER_UPDATED_MESSAGE, view);
    realtime.toRole('Super Admin', NHD_ORDER_UPDATED_MESSAGE, view);
  }
};

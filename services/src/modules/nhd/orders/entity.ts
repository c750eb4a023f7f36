import { NHD_ORDER_EVENT_TYPES, NHD_ORDER_ROOM, NHD_ORDER_UPDATED_MESSAGE } from '@acpg/contracts/nhd';
import { defineEntity } from '../../../platform/entities/define-entity.ts';
import { orderStream } from '../order/decider.ts';
import { orderRows, ORDERS_COLLECTION } from './view.ts';

/**
 * Read model `nhd_orders`: one row per order (`NhdOrderView` and the list's filter fields), as the order page, the
 * customer's list and the Super Admins' list show it; pushed to `nhd-order:<id>` (its page), its owner (their list) and
 * Super Admins (the admin list). The owner's and Super Admins' only: anyone else is told it does not exist.
 */
export const orders = defineEntity({
  name: 'nhd.orders',
  collection: ORDERS_COLLECTION,
  indexes: ['account_id', 'status', 'placed_at', 'county'],
  handles: NHD_ORDER_EVENT_TYPES,
  stream: orderStream,
  idOf: (event) => event.data.order_id,
  rows: orderRows,
  access: { code: 'ORDER', noun: 'order' },
  providers: 'nhd',
  live: { message: NHD_ORDER_UPDATED_MESSAGE, summary: 'An NHD order moved on (paid, report ready, delivered, acknowledged, canceled ...)', room: NHD_ORDER_ROOM },
});

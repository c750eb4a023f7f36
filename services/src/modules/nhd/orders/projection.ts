import { NHD_ORDER_EVENT_TYPES } from '@acpg/contracts/nhd-orders';
import { defineProjection } from '../../../platform/projections/define.ts';
import { toOrderEvent } from '../order/decider.ts';
import { pushOrder } from './push.ts';
import { evolveOrderRow, ORDERS_COLLECTION } from './view.ts';

/**
 * Read model `nhd_orders`: one row per order (`NhdOrderView` and the list's filter fields), as the order page, the
 * customer's list and the Super Admins' list show it. An event delivered again is skipped by its version.
 */
export const ordersProjection = defineProjection({
  name: 'nhd.orders',
  collection: ORDERS_COLLECTION,
  handles: NHD_ORDER_EVENT_TYPES,
  fromStored: (stored) => (stored.stream.startsWith('nhd-order-') ? toOrderEvent(stored) : null),
  documentId: (event) => event.data.order_id,
  evolve: (doc, event, stored) => (doc && typeof doc._version === 'number' && doc._version >= stored.version ? doc : evolveOrderRow(doc, event)),
  indexes: ['account_id', 'status', 'placed_at', 'county'],
  push: pushOrder,
});

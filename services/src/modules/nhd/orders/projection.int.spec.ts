import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { NhdOrderPlaced } from '@acpg/contracts/nhd';
import type { StoredEvent } from '../../../platform/event-store/port.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { placedOrderData } from '../../../../test/nhd.ts';
import { storedEvent } from '../../../../test/stored-event.ts';
import { orders } from './entity.ts';
import { ORDERS_COLLECTION, toOrderView } from './view.ts';

const ordersProjection = orders.projection;

/** Read model `nhd_orders` under redelivery: every event applied again, alone or out of order, leaves the row as it was. */
describe('nhd_orders projection', () => {
  const t = useTestApp();

  it('is idempotent under redelivery and reordering of delivered events', async () => {
    const orderId = randomUUID();
    const stream = `nhd-order-${orderId}`;
    const base = 9_000_000 + Math.floor(Math.random() * 1_000_000);
    const placed: NhdOrderPlaced = { ...placedOrderData(orderId), by: 'acct-1', at: '2026-11-24T10:00:00.000Z' };
    const step = (at: string) => ({ order_id: orderId, by: 'system', at });
    const events: StoredEvent[] = [
      storedEvent({ type: 'NhdOrderPlaced', stream, data: placed, version: 1, position: base + 1 }),
      storedEvent({ type: 'NhdOrderPaid', stream, data: { ...step('2026-11-24T10:01:00.000Z'), checkout_id: 'ch1', amount_cents: 4_900 }, version: 2, position: base + 2 }),
      storedEvent({ type: 'NhdReportGenerationStarted', stream, data: { ...step('2026-11-24T10:01:01.000Z'), attempt: 1 }, version: 3, position: base + 3 }),
      storedEvent({ type: 'NhdReportReady', stream, data: { ...step('2026-11-24T10:01:02.000Z'), file_key: 'k', page_count: 4, byte_length: 100 }, version: 4, position: base + 4 }),
      storedEvent({ type: 'NhdReportSent', stream, data: { ...step('2026-11-24T10:01:03.000Z'), recipient_id: 'r1', email: 'buyer@example.com' }, version: 5, position: base + 5 }),
      storedEvent({ type: 'NhdOrderDelivered', stream, data: step('2026-11-24T10:01:03.000Z'), version: 6, position: base + 6 }),
    ];
    await t.platform.projections.apply(ordersProjection, events);
    const once = await t.platform.documents.get(ORDERS_COLLECTION, orderId);
    expect(once && toOrderView(once)).toMatchObject({ status: 'delivered', version: 6 });
    expect(once && toOrderView(once).timeline.map((s) => s.step)).toEqual(['placed', 'paid', 'processing', 'report_ready', 'delivered']);

    expect(await t.platform.projections.apply(ordersProjection, events)).toEqual([]);
    for (const event of events) await t.platform.projections.apply(ordersProjection, [event]);
    await t.platform.projections.apply(ordersProjection, [events[2]!, events[1]!]);
    expect(await t.platform.documents.get(ORDERS_COLLECTION, orderId)).toEqual(once);
  });
});

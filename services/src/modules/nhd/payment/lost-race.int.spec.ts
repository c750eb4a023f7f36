import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import type { Platform } from '../../../platform/module.ts';
import { deliverLosingRaces, deliverOnEmptyStore, expectWonAfterLosing, paymentSucceeded, publishedEvent } from '../../../../test/lost-races.ts';
import { placedOrderData } from '../../../../test/nhd.ts';
import { runOrderCommand } from '../order/commands.ts';
import { orderStream } from '../order/decider.ts';
import { orderPaymentReaction, orderPaymentWorker } from './reaction.ts';

const LOST_RACES = 20;
const PAYMENT = { reaction: orderPaymentReaction, worker: orderPaymentWorker };

/** A placed order, written as the order route writes it (through the order decider). */
const placeOrder = async (platform: Platform, orderId: string) => {
  const metadata = systemMeta(platform, { actor: 'acct-1' });
  await runOrderCommand(platform, orderId, {
    type: 'PlaceOrder',
    data: placedOrderData(orderId),
    metadata,
  });
};

describe('an NHD order payment that loses the write race', () => {
  it(`is recorded exactly once after losing ${LOST_RACES} races in a row, and never dead-lettered`, async () => {
    const orderId = randomUUID();
    const delivered = publishedEvent('PaymentSucceeded', 'payments-checkout-1', paymentSucceeded({ nhd_order_id: orderId, amount_cents: 4_900 }));
    const result = await deliverLosingRaces(PAYMENT, orderStream(orderId), LOST_RACES, (platform) => placeOrder(platform, orderId), delivered);
    expectWonAfterLosing(result, LOST_RACES);
    expect(result.history.filter((event) => event.type === 'NhdOrderPaid')).toHaveLength(1);
  });

  it('is dead-lettered when the order refuses it (no such order): a retry cannot help', async () => {
    const { deadLetters, attempts } = await deliverOnEmptyStore(PAYMENT, publishedEvent('PaymentSucceeded', 'payments-checkout-2', paymentSucceeded({ nhd_order_id: randomUUID(), amount_cents: 4_900 })));
    expect(attempts).toBe(1);
    expect(deadLetters.map((dead) => dead.error)).toEqual([expect.stringContaining('PaymentSucceeded not recorded: This order was not found.')]);
  });
});

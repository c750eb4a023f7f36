import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PaymentSucceeded } from '@acpg/contracts/payments';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { losingRaces, memoryEventStore, publishedEvent, runReactionJobs, workerPlatform } from '../../../../test/lost-races.ts';
import { runOrderCommand } from '../order/commands.ts';
import { orderStream } from '../order/decider.ts';
import { orderPaymentReaction, orderPaymentWorker } from './reaction.ts';

const LOST_RACES = 20;

/** A placed order, written as the order route writes it (through the order decider). */
const placeOrder = async (platform: ReturnType<typeof workerPlatform>, orderId: string) => {
  const metadata = systemMeta(platform, { actor: 'acct-1' });
  await runOrderCommand(platform, orderId, {
    type: 'PlaceOrder',
    data: {
      order_id: orderId,
      account_id: 'acct-1',
      property: { property_id: 'p1', address_line: '1 Main St', city: 'San Jose', county: 'Santa Clara', state: 'CA', zip: '95112', apn: '123-45-678' },
      report_type: { code: 0, name: 'Standard NHD report' },
      amount_cents: 4_900,
      recipients: [{ recipient_id: 'r1', email: 'buyer@example.com', name: 'Bea', role: 'buyer' }],
      escrow_users: [],
    },
    metadata,
  });
};

const paymentSucceeded = (orderId: string): PaymentSucceeded => ({
  checkout_id: randomUUID(),
  account_id: 'acct-1',
  plan_id: '',
  nhd_order_id: orderId,
  amount_cents: 4_900,
  card_brand: 'visa',
  card_last4: '4242',
  paid_at: new Date().toISOString(),
  payment_intent_id: 'pi_1',
  gateway_event_id: `evt_${randomUUID()}`,
});

describe('an NHD order payment that loses the write race', () => {
  it(`is recorded exactly once after losing ${LOST_RACES} races in a row, and never dead-lettered`, async () => {
    const orderId = randomUUID();
    const plain = memoryEventStore();
    await placeOrder(workerPlatform(plain), orderId);
    const racing = losingRaces(plain, orderStream(orderId), LOST_RACES);
    const racingPlatform = workerPlatform(racing.store);
    const payment = publishedEvent('PaymentSucceeded', 'payments-checkout-1', paymentSucceeded(orderId));

    const { deadLetters, attempts } = await runReactionJobs(orderPaymentReaction, payment, racingPlatform, orderPaymentWorker.processor(racingPlatform));

    expect(deadLetters).toEqual([]);
    expect(racing.lost()).toBe(LOST_RACES);
    expect(attempts).toBeGreaterThan(1); // the handler's own retries were spent: the job tried again
    const history = await plain.readStream(orderStream(orderId));
    expect(history.filter((event) => event.type === 'NhdOrderPaid')).toHaveLength(1);
  });

  it('is dead-lettered when the order refuses it (no such order): a retry cannot help', async () => {
    const platform = workerPlatform(memoryEventStore());
    const payment = publishedEvent('PaymentSucceeded', 'payments-checkout-2', paymentSucceeded(randomUUID()));
    const { deadLetters, attempts } = await runReactionJobs(orderPaymentReaction, payment, platform, orderPaymentWorker.processor(platform));
    expect(attempts).toBe(1);
    expect(deadLetters.map((dead) => dead.error)).toEqual([expect.stringContaining('PaymentSucceeded not recorded: This order was not found.')]);
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PaymentSucceeded } from '@acpg/contracts/payments';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import type { Platform } from '../../../platform/module.ts';
import { losingRaces, memoryEventStore, publishedEvent, runReactionJobs, workerPlatform } from '../../../../test/lost-races.ts';
import { runEnrolmentCommand } from '../enrolment/commands.ts';
import { enrolmentStream } from '../enrolment/decider.ts';
import { enrolmentPaymentReaction, enrolmentPaymentWorker } from './reaction.ts';

const LOST_RACES = 20;

/** An enrolment awaiting its payment, written through the enrolment decider as the enrol route writes it. */
const requestEnrolment = async (platform: Platform, enrolmentId: string) => {
  await runEnrolmentCommand(platform, enrolmentId, {
    type: 'RequestEnrolment',
    data: {
      enrolment_id: enrolmentId,
      account_id: 'acct-1',
      property: { property_id: 'p1', address_line: '1 Main St', city: 'San Jose', county: 'Santa Clara', state: 'CA', zip: '95112', apn: '123-45-678' },
      price_cents: 9_900,
      included: false,
      plan_name: null,
    },
    metadata: systemMeta(platform, { actor: 'acct-1' }),
  });
};

const paymentSucceeded = (enrolmentId: string): PaymentSucceeded => ({
  checkout_id: randomUUID(),
  account_id: 'acct-1',
  plan_id: '',
  equity_enrolment_id: enrolmentId,
  amount_cents: 9_900,
  card_brand: 'visa',
  card_last4: '4242',
  paid_at: new Date().toISOString(),
  payment_intent_id: 'pi_1',
  gateway_event_id: `evt_${randomUUID()}`,
});

describe('an Equity Protect payment that loses the write race', () => {
  it(`is recorded exactly once after losing ${LOST_RACES} races in a row, and never dead-lettered`, async () => {
    const enrolmentId = randomUUID();
    const plain = memoryEventStore();
    await requestEnrolment(workerPlatform(plain), enrolmentId);
    const racing = losingRaces(plain, enrolmentStream(enrolmentId), LOST_RACES);
    const platform = workerPlatform(racing.store);
    const payment = publishedEvent('PaymentSucceeded', 'payments-checkout-1', paymentSucceeded(enrolmentId));

    const { deadLetters, attempts } = await runReactionJobs(enrolmentPaymentReaction, payment, platform, enrolmentPaymentWorker.processor(platform));

    expect(deadLetters).toEqual([]);
    expect(racing.lost()).toBe(LOST_RACES);
    expect(attempts).toBeGreaterThan(1);
    const history = await plain.readStream(enrolmentStream(enrolmentId));
    expect(history.filter((event) => event.type === 'EquityEnrolmentPaid')).toHaveLength(1);
    expect(history.filter((event) => event.type === 'EquityProtectionStarted')).toHaveLength(1);
  });

  it('is dead-lettered when the enrolment refuses it (no such enrolment): a retry cannot help', async () => {
    const platform = workerPlatform(memoryEventStore());
    const payment = publishedEvent('PaymentSucceeded', 'payments-checkout-2', paymentSucceeded(randomUUID()));
    const { deadLetters, attempts } = await runReactionJobs(enrolmentPaymentReaction, payment, platform, enrolmentPaymentWorker.processor(platform));
    expect(attempts).toBe(1);
    expect(deadLetters.map((dead) => dead.error)).toEqual([expect.stringContaining('PaymentSucceeded not recorded: This enrollment was not found.')]);
  });
});

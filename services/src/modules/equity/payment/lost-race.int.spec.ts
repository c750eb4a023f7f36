import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import type { Platform } from '../../../platform/module.ts';
import { deliverLosingRaces, deliverOnEmptyStore, expectWonAfterLosing, paymentSucceeded, publishedEvent } from '../../../../test/lost-races.ts';
import { runEnrolmentCommand } from '../enrolment/commands.ts';
import { enrolmentStream } from '../enrolment/decider.ts';
import { enrolmentPaymentReaction, enrolmentPaymentWorker } from './reaction.ts';

const LOST_RACES = 20;
const PAYMENT = { reaction: enrolmentPaymentReaction, worker: enrolmentPaymentWorker };

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

describe('an Equity Protect payment that loses the write race', () => {
  it(`is recorded exactly once after losing ${LOST_RACES} races in a row, and never dead-lettered`, async () => {
    const enrolmentId = randomUUID();
    const delivered = publishedEvent('PaymentSucceeded', 'payments-checkout-1', paymentSucceeded({ equity_enrolment_id: enrolmentId, amount_cents: 9_900 }));
    const result = await deliverLosingRaces(PAYMENT, enrolmentStream(enrolmentId), LOST_RACES, (platform) => requestEnrolment(platform, enrolmentId), delivered);
    expectWonAfterLosing(result, LOST_RACES);
    expect(result.history.filter((event) => event.type === 'EquityEnrolmentPaid')).toHaveLength(1);
    expect(result.history.filter((event) => event.type === 'EquityProtectionStarted')).toHaveLength(1);
  });

  it('is dead-lettered when the enrolment refuses it (no such enrolment): a retry cannot help', async () => {
    const { deadLetters, attempts } = await deliverOnEmptyStore(PAYMENT, publishedEvent('PaymentSucceeded', 'payments-checkout-2', paymentSucceeded({ equity_enrolment_id: randomUUID(), amount_cents: 9_900 })));
    expect(attempts).toBe(1);
    expect(deadLetters.map((dead) => dead.error)).toEqual([expect.stringContaining('PaymentSucceeded not recorded: This enrollment was not found.')]);
  });
});

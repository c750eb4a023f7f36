import { createHash } from 'node:crypto';
import { MembershipRenewalDue } from '@acpg/contracts/memberships';
import { z } from 'zod';
import { handleCommand, isAlreadyExists, loadStream } from '../../../platform/commands/handle-command.ts';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import type { StoredEvent } from '../../../platform/event-store/port.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { PermanentJobError } from '../../../platform/jobs/errors.ts';
import type { Platform } from '../../../platform/module.ts';
import { checkoutDecider, checkoutStream, type CheckoutState } from '../checkout/decider.ts';
import type { PaymentGateway } from '../gateway/port.ts';

export const RENEWAL_CHARGE_ACTOR = 'payments.renewal-charge';

/**
 * The checkout of one renewal try: a uuid (SHA-1 name-based layout, like v5) of membership, period start and attempt,
 * so a job run twice (or an event delivered twice) starts one checkout and charges once.
 */
export const renewalCheckoutId = (renewal: { membership_id: string; period_start: string; attempt: number }): string => {
  const hex = createHash('sha1').update(`renewal:${renewal.membership_id}:${renewal.period_start}:${renewal.attempt}`).digest('hex');
  const variant = ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
};

const loadCheckout = async (platform: Platform, checkoutId: string): Promise<CheckoutState> =>
  (await loadStream(platform.eventStore, checkoutStream(checkoutId), checkoutDecider)).state;

/**
 * Charges a `MembershipRenewalDue` off-session to the saved card: starts its checkout (with `renewal`) once, then asks
 * the gateway with the checkout's idempotency key while it is still processing. The outcome comes back as the
 * gateway's events: `PaymentSucceeded` / `PaymentFailed` carrying `renewal`.
 */
export const chargeRenewal = async (platform: Platform, gateway: PaymentGateway, due: StoredEvent): Promise<string> => {
  const parsed = MembershipRenewalDue.safeParse(due.data);
  if (!parsed.success) throw new PermanentJobError(`MembershipRenewalDue ${due.id} does not fit the contract: ${z.prettifyError(parsed.error)}`);
  const d = parsed.data;
  const checkoutId = renewalCheckoutId(d.renewal);
  let state = await loadCheckout(platform, checkoutId);
  if (state.status === 'none') {
    const data = {
      checkout_id: checkoutId,
      account_id: d.account_id,
      plan_id: d.plan_id,
      amount_cents: d.amount_cents,
      payment_method_id: d.payment_method_id,
      card_brand: d.card_brand,
      card_last4: d.card_last4,
      renewal: d.renewal,
    };
    try {
      state = (
        await handleCommand(platform.eventStore, checkoutStream(checkoutId), checkoutDecider, { type: 'StartCheckout', data, metadata: systemMeta(platform, { actor: RENEWAL_CHARGE_ACTOR, cause: due }) }, { newStream: true })
      ).state;
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
      state = await loadCheckout(platform, checkoutId);
    }
  }
  if (state.status !== 'processing') return checkoutId; // settled already (or waiting on nothing a renewal can give)
  const { started } = state;
  try {
    await gateway.createPaymentIntent(
      {
        amount: started.amount_cents,
        currency: 'usd',
        payment_method: started.payment_method_id,
        customer: started.account_id,
        metadata: { checkout_id: checkoutId, account_id: started.account_id },
        off_session: true,
      },
      { idempotencyKey: started.idempotency_key },
    );
  } catch (error) {
    if (error instanceof DomainError && error.kind !== 'unavailable') throw new PermanentJobError(`renewal ${checkoutId}: the gateway refused it: ${error.message}`, { cause: error });
    throw error;
  }
  return checkoutId;
};

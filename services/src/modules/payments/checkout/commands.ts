import { TERMS_OF_SERVICE_VERSION, type CheckoutBody, type CheckoutResult } from '@acpg/contracts/payments';
import { handleCommand, isAlreadyExists, loadStream, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import type { Platform } from '../../../platform/module.ts';
import type { GatewayEvent, PaymentGateway } from '../gateway/port.ts';
import { checkoutDecider, checkoutStream, type CheckoutState } from './decider.ts';
import { claimOrderPayment, purchaseOf } from './purchase.ts';
import { normalizedCode, releasePromo, reservePromo } from '../promo-codes/commands.ts';
import { checkouts } from './access.ts';
import { checkoutExpiresAfterMs, expireCheckout, isExpired } from './expiry.ts';
import { paymentGateway } from '../gateway/select.ts';
import { CHARGES_COLLECTION } from '../charges/projection.ts';
import { assertSignUpStepsFor } from '../../../platform/local-copies/sign-up-steps.ts';

type Started = Exclude<CheckoutState, { status: 'none' }>;

/** How long a Pay or a confirmation waits for the gateway's answer before it answers `processing`. */
export const SETTLE_WAIT_MS = 5000;
/** First and longest pause between two reads while waiting: many waiting answers must not crowd out the work they wait for. */
const SETTLE_POLL_MS = { first: 25, max: 400 };

/** A claim whose checkout has not started within this time was refused on the way (card, promo code): it holds nothing. */
const CLAIM_START_MS = 60_000;

const notFound = () => new DomainError('not_found', 'CHECKOUT_NOT_FOUND', 'This checkout was not found.');

export const loadCheckout = async (platform: Pick<Platform, 'eventStore'>, checkoutId: string): Promise<CheckoutState> =>
  (await loadStream(platform.eventStore, checkoutStream(checkoutId), checkoutDecider)).state;

/** The caller's checkout, or 404 (also for someone else's: its existence is none of their business). */
export const ownCheckout = async (platform: Pick<Platform, 'eventStore'>, checkoutId: string, accountId: string): Promise<Started> => {
  const state = await loadCheckout(platform, checkoutId);
  if (state.status === 'none' || state.started.account_id !== accountId) throw notFound();
  return state;
};

export const toResult = (state: Started): CheckoutResult => ({
  checkout_id: state.started.checkout_id,
  status: state.status,
  ...(state.message ? { message: state.message } : {}),
  amount_due: state.started.amount_cents,
  plan_id: state.started.plan_id || null, // events keep '' for an NHD order or Equity Protect
  ...(state.started.nhd_order_id ? { nhd_order_id: state.started.nhd_order_id } : {}),
  ...(state.started.equity_enrolment_id ? { equity_enrollment_id: state.started.equity_enrolment_id } : {}),
  card_brand: state.started.card_brand,
  card_last4: state.started.card_last4,
});

/** Waits (a few seconds at most) until the checkout leaves `from`: the gateway's webhook events move it on. */
export const settled = async (platform: Pick<Platform, 'eventStore'>, checkoutId: string, from: Started['status']): Promise<Started> => {
  const deadline = Date.now() + SETTLE_WAIT_MS;
  for (let pause = SETTLE_POLL_MS.first; ; pause = Math.min(pause * 2, SETTLE_POLL_MS.max)) {
    const state = await loadCheckout(platform, checkoutId);
    if (state.status === 'none') throw notFound();
    if (state.status !== from || Date.now() >= deadline) return state;
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, Math.max(deadline - Date.now(), 0))));
  }
};

const charge = (gateway: PaymentGateway, state: Started) =>
  gateway.createPaymentIntent(
    {
      amount: state.started.amount_cents,
      currency: 'usd',
      payment_method: state.started.payment_method_id,
      customer: state.started.account_id,
      metadata: { checkout_id: state.started.checkout_id, account_id: state.started.account_id },
    },
    { idempotencyKey: state.started.idempotency_key },
  );

/**
 * A checkout sent again (double click, retry after a lost answer) must be the same checkout. Anything else, whether
 * the caller's own with another plan, order, card or promo code, or another account's checkout id, is one and the same
 * refusal (409 CHECKOUT_MISMATCH): another account's id is never told apart from the caller's own.
 */
const sameCheckout = (state: Started, body: CheckoutBody, accountId: string) =>
  checkouts.repeatOf(accountId, state, (own) => {
    const sameItem =
      body.nhd_order_id !== undefined
        ? own.started.nhd_order_id === body.nhd_order_id
        : body.equity_enrollment_id !== undefined
          ? own.started.equity_enrolment_id === body.equity_enrollment_id
          : own.started.plan_id === body.plan_id && !own.started.nhd_order_id && !own.started.equity_enrolment_id;
    const code = body.promo_code ? normalizedCode(body.promo_code) : undefined;
    return sameItem && own.started.payment_method_id === body.payment_method_id && (own.started.promo?.promo_code ?? undefined) === (code ?? undefined);
  });

const start = async (platform: Platform, gateway: PaymentGateway, body: CheckoutBody, accountId: string, meta: CommandMeta): Promise<Started> => {
  const purchase = await purchaseOf(platform, body, accountId);
  // A membership needs the sign-up steps before the wizard's plan step (an NHD-only account has not done them).
  if (purchase.plan_id !== '') await assertSignUpStepsFor(platform, 'payments', accountId, 'membership', 'a membership');
  const method = await gateway.retrievePaymentMethod(body.payment_method_id);
  if (!method || method.customer !== accountId) throw new DomainError('not_found', 'PAYMENT_METHOD_NOT_FOUND', 'This card was not found. Enter it again.');
  // The code's redemption is held before the checkout starts, so the limit holds under concurrent checkouts.
  const promo = body.promo_code ? await reservePromo(platform, { text: body.promo_code, checkout_id: body.checkout_id, account_id: accountId, purchase }, meta) : undefined;
  const data = {
    checkout_id: body.checkout_id,
    account_id: accountId,
    plan_id: purchase.plan_id,
    ...(purchase.nhd_order_id ? { nhd_order_id: purchase.nhd_order_id } : {}),
    ...(purchase.equity_enrolment_id ? { equity_enrolment_id: purchase.equity_enrolment_id } : {}),
    amount_cents: purchase.list_amount_cents - (promo?.discount_cents ?? 0),
    payment_method_id: method.id,
    card_brand: method.brand,
    card_last4: method.last4,
    ...(promo ? { promo } : {}),
    // The body is refused without `accept_terms: true` (CheckoutBody), so a started checkout always records it.
    consent: { terms_version: TERMS_OF_SERVICE_VERSION, accepted_at: meta.now.toISOString(), automatic_renewal: purchase.plan_id !== '' },
  };
  try {
    // One checkout at a time per order, enrolment request or membership: a second tab or card waits for the first
    // one's result, and a member whose membership runs buys no second one.
    const { claim } = purchase;
    await claimOrderPayment(platform, { order_id: claim.key, checkout_id: body.checkout_id }, async (held) => {
      if (!held) return claim.beforeFirst ? claim.beforeFirst() : null;
      const other = await loadCheckout(platform, held.checkout_id);
      // Claimed but not started: starting this moment (live), or stopped before it started (free after a minute).
      if (other.status === 'none') return meta.now.getTime() - Date.parse(held.claimed_at) < CLAIM_START_MS ? claim.underWay() : null;
      if (other.status === 'failed') return null;
      // Left unpaid past its time (a payer gone at the card's second step, a crash before the charge): abandoned now,
      // rather than at the sweep's next run, and its claim is free.
      if (isExpired(other, meta.now, checkoutExpiresAfterMs(platform)) && (await expireCheckout(platform, gateway, held.checkout_id, meta)) > 0) return null;
      if (other.status === 'succeeded' && claim.afterPaid) {
        return claim.afterPaid({ checkout_id: other.started.checkout_id, plan_id: other.started.plan_id });
      }
      return claim.underWay();
    }, meta, claim.underWay);
    const { state } = await handleCommand(platform.eventStore, checkoutStream(body.checkout_id), checkoutDecider, { type: 'StartCheckout', data, metadata: meta }, { newStream: true });
    if (state.status === 'none') throw new Error('a started checkout has a state');
    return state;
  } catch (error) {
    // Another click of this checkout started it a moment ago: it holds this same reservation (by checkout id), unless
    // it was started without this code.
    const started = isAlreadyExists(error) ? await loadCheckout(platform, body.checkout_id) : null;
    const shared = started && started.status !== 'none' && started.started.promo?.promo_code === promo?.promo_code;
    if (promo && !shared) {
      await releasePromo(platform, { code: promo.promo_code, checkout_id: body.checkout_id, account_id: accountId, reason: 'not_started' }, meta);
    }
    throw error;
  }
};

/**
 * Pay: starts the checkout (once per checkout_id) and asks the gateway to charge it with the checkout's idempotency
 * key. A repeat of a checkout still waiting for the gateway asks again with the same key (charged once); a settled
 * one just answers. The answer waits a little for the gateway's events, else says `processing`.
 */
export const payCheckout = async (platform: Platform, gateway: PaymentGateway, body: CheckoutBody, accountId: string, meta: CommandMeta): Promise<CheckoutResult> => {
  let state = await loadCheckout(platform, body.checkout_id);
  if (state.status === 'none') {
    try {
      state = await start(platform, gateway, body, accountId, meta);
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
      state = await loadCheckout(platform, body.checkout_id); // the other click started it a moment ago
    }
  }
  if (state.status === 'none') throw notFound();
  sameCheckout(state, body, accountId);
  if (state.status !== 'processing') return toResult(state);
  await charge(gateway, state);
  return toResult(await settled(platform, body.checkout_id, 'processing'));
};

/** The second confirmation step: approve or refuse, then the gateway's answer (a settled checkout answers as it is). */
export const confirmCheckout = async (platform: Platform, gateway: PaymentGateway, checkoutId: string, approve: boolean, accountId: string): Promise<CheckoutResult> => {
  const state = await ownCheckout(platform, checkoutId, accountId);
  if (state.status === 'succeeded' || state.status === 'failed') return toResult(state);
  if (state.status !== 'requires_action' || !state.intentId) {
    throw new DomainError('conflict', 'CONFIRMATION_NOT_NEEDED', 'This payment does not need a confirmation. Wait for its result.');
  }
  await gateway.confirmPaymentIntent(state.intentId, { approve });
  return toResult(await settled(platform, checkoutId, 'requires_action'));
};

/**
 * A payment the gateway confirmed after its checkout was abandoned (too late to cancel): refunded in full at once (the
 * gateway's refund first, idempotent per checkout, so a crash or a redelivery refunds once), then `LatePaymentRefunded`
 * is recorded. It buys nothing: no `PaymentSucceeded` is recorded, so no order, enrollment or membership reacts to it.
 */
const refundLatePayment = async (platform: Platform, state: Started, event: GatewayEvent, meta: CommandMeta): Promise<void> => {
  const intent = event.data.object;
  const { checkout_id, account_id } = state.started;
  if (intent.customer !== account_id) throw new DomainError('invalid', 'BAD_REQUEST', 'The gateway event does not match this checkout (customer).');
  const refund = await paymentGateway(platform).createRefund(
    { payment_intent: intent.id, amount: intent.amount, metadata: { checkout_id, refund_id: `late-${checkout_id}` } },
    { idempotencyKey: `late-refund-${checkout_id}` },
  );
  const data = { checkout_id, account_id, payment_intent_id: intent.id, gateway_event_id: event.id, refund_id: refund.id, amount_cents: intent.amount };
  await handleCommand(platform.eventStore, checkoutStream(checkout_id), checkoutDecider, { type: 'RecordLateRefund', data, metadata: meta }, { retries: 5 });
};

/**
 * A webhook event of the gateway, recorded on its checkout once (by event id) whatever the order it arrives in.
 * Retries a concurrent write (the same event delivered twice at once), then the decider sees it was recorded. A
 * payment confirmed after its checkout was abandoned is refunded (`refundLatePayment`).
 */
export const recordGatewayEvent = async (platform: Platform, event: GatewayEvent, meta: CommandMeta): Promise<void> => {
  const checkoutId = event.data.object.metadata.checkout_id;
  const state = await loadCheckout(platform, checkoutId);
  if (state.status !== 'none' && state.abandoned && event.type === 'payment_intent.succeeded' && !state.seenEventIds.includes(event.id)) {
    await refundLatePayment(platform, state, event, meta);
    return;
  }
  await handleCommand(platform.eventStore, checkoutStream(checkoutId), checkoutDecider, { type: 'RecordGatewayEvent', data: event, metadata: meta }, { retries: 5 });
};

/** What a live checkout is sought for: an NHD order, an Equity Protect enrollment, or (neither) the membership. */
export interface LiveCheckoutOf {
  nhd_order_id?: string | undefined;
  equity_enrollment_id?: string | undefined;
}

/**
 * The caller's checkout of this order, enrollment or membership still waiting for its payment and not past its time,
 * so a page reloaded mid-payment continues it (at the card's second step) instead of starting another. 404 when none.
 */
export const liveCheckout = async (platform: Platform, accountId: string, of: LiveCheckoutOf): Promise<CheckoutResult> => {
  const item = of.nhd_order_id
    ? { nhd_order_id: of.nhd_order_id }
    : of.equity_enrollment_id
      ? { equity_enrolment_id: of.equity_enrollment_id }
      : { nhd_order_id: null, equity_enrolment_id: null, renewal: null };
  const rows = await platform.documents.find(
    CHARGES_COLLECTION,
    { account_id: accountId, status: { $in: ['processing', 'requires_action'] }, ...item },
    { sort: { started_at: -1, _id: 1 }, limit: 5 },
  );
  const now = platform.clock();
  for (const row of rows) {
    // The row finds it; the stream says whether it is still live now.
    const state = await loadCheckout(platform, String(row._id));
    if (state.status !== 'none' && state.started.account_id === accountId && (state.status === 'processing' || state.status === 'requires_action') && !isExpired(state, now, checkoutExpiresAfterMs(platform))) {
      return toResult(state);
    }
  }
  throw notFound();
};

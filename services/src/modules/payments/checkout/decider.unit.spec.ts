import { describe, expect, it } from 'vitest';
import { metaAt } from '../../../../test/command-meta.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import type { GatewayEvent, PaymentIntent } from '../gateway/port.ts';
import { decideCheckout, evolveCheckout, initialCheckoutState, MESSAGES, type CheckoutEvent, type StartCheckout } from './decider.ts';

const meta = metaAt('2026-11-23T19:00:00.000Z');
const start: StartCheckout['data'] = {
  checkout_id: 'c1',
  account_id: 'a1',
  plan_id: 'monthly',
  amount_cents: 6400,
  payment_method_id: 'pm_1',
  card_brand: 'visa',
  card_last4: '4242',
};
const started: CheckoutEvent = {
  type: 'CheckoutStarted',
  data: { ...start, idempotency_key: 'checkout-c1', started_at: '2026-11-23T19:00:00.000Z' },
};
const given = (...events: CheckoutEvent[]) => events.reduce(evolveCheckout, initialCheckoutState());

const intent = (over: Partial<PaymentIntent> = {}): PaymentIntent => ({
  id: 'pi_1',
  object: 'payment_intent',
  amount: 6400,
  currency: 'usd',
  status: 'succeeded',
  payment_method: 'pm_1',
  customer: 'a1',
  metadata: { checkout_id: 'c1', account_id: 'a1' },
  last_payment_error: null,
  created: 1_795_000_000,
  ...over,
});
const gatewayEvent = (id: string, type: GatewayEvent['type'], over: Partial<PaymentIntent> = {}): GatewayEvent => ({
  id,
  object: 'event',
  type,
  created_ms: Date.parse('2026-11-23T19:00:01.000Z'),
  data: { object: intent(over) },
});
const record = (event: GatewayEvent) => ({ type: 'RecordGatewayEvent' as const, data: event, metadata: meta });
/** Decides, folds, and answers the state with the events. */
const run = (state: ReturnType<typeof given>, event: GatewayEvent) => {
  const events = decideCheckout(record(event), state);
  return { events, state: events.reduce(evolveCheckout, state) };
};

const succeeded = gatewayEvent('evt_ok', 'payment_intent.succeeded');
const requiresAction = gatewayEvent('evt_action', 'payment_intent.requires_action', { status: 'requires_action' });
const declined = gatewayEvent('evt_declined', 'payment_intent.payment_failed', {
  status: 'requires_payment_method',
  last_payment_error: { code: 'card_declined', message: 'Your card was declined.' },
});
const refused = gatewayEvent('evt_refused', 'payment_intent.payment_failed', {
  status: 'requires_payment_method',
  last_payment_error: { code: 'payment_intent_authentication_failure', message: 'not confirmed' },
});

describe('checkout decider', () => {
  it('StartCheckout records the checkout with the idempotency key derived from its id and the time of the metadata', () => {
    expect(decideCheckout({ type: 'StartCheckout', data: start, metadata: meta }, given())).toEqual([started]);
    expect(given(started)).toMatchObject({ status: 'processing' });
  });

  it('refuses to start a checkout twice', () => {
    expect(() => decideCheckout({ type: 'StartCheckout', data: start, metadata: meta }, given(started))).toThrow(DomainError);
  });

  it('refuses a gateway event for a checkout that never started', () => {
    expect(() => decideCheckout(record(succeeded), given())).toThrow('does not exist');
  });

  it('refuses a gateway event whose amount, customer or checkout differ from the checkout', () => {
    for (const over of [{ amount: 1 }, { customer: 'a2' }, { metadata: { checkout_id: 'c2', account_id: 'a1' } }]) {
      expect(() => decideCheckout(record(gatewayEvent('e', 'payment_intent.succeeded', over)), given(started))).toThrow('does not match');
    }
  });

  it('payment_intent.succeeded → PaymentSucceeded with the plan, amount, card and the gateway time', () => {
    const { events, state } = run(given(started), succeeded);
    expect(events).toEqual([
      {
        type: 'PaymentSucceeded',
        data: {
          checkout_id: 'c1',
          account_id: 'a1',
          plan_id: 'monthly',
          amount_cents: 6400,
          card_brand: 'visa',
          card_last4: '4242',
          payment_method_id: 'pm_1',
          paid_at: '2026-11-23T19:00:01.000Z',
          payment_intent_id: 'pi_1',
          gateway_event_id: 'evt_ok',
        },
      },
    ]);
    expect(state).toMatchObject({ status: 'succeeded', message: null });
  });

  it('the outcome carries what the checkout was for (promo, renewal), and a refund folds in without changing the status', () => {
    const promo = { promo_code: 'SPRING', list_amount_cents: 8000, discount_cents: 1600 };
    const renewal = { membership_id: 'm1', period_start: '2026-12-23T19:00:00.000Z', attempt: 1 };
    const { events, state } = run(given({ ...started, data: { ...started.data, promo, renewal } }), succeeded);
    expect(events[0]?.data).toMatchObject({ promo, renewal });
    const refund = { checkout_id: 'c1', account_id: 'a1', refund_id: 'r1', gateway_refund_id: 're_1', amount_cents: 6400, reason: 'Duplicate', refunded_by: 'admin', refunded_at: '2026-11-24T00:00:00.000Z' };
    const refunded = evolveCheckout(state, { type: 'PaymentRefunded', data: refund });
    expect(refunded).toMatchObject({ status: 'succeeded', refund });
  });

  it('the same event delivered again is recorded once', () => {
    const once = run(given(started), succeeded).state;
    expect(decideCheckout(record(succeeded), once)).toEqual([]);
    const action = run(given(started), requiresAction).state;
    expect(decideCheckout(record(requiresAction), action)).toEqual([]);
  });

  it('a declined card → PaymentFailed card_declined with a message saying what to do', () => {
    const { events, state } = run(given(started), declined);
    expect(events).toMatchObject([{ type: 'PaymentFailed', data: { reason: 'card_declined', message: MESSAGES.declined, gateway_event_id: 'evt_declined' } }]);
    expect(state).toMatchObject({ status: 'failed', message: MESSAGES.declined });
  });

  it('second step: requires_action, then approved → succeeded, or refused → failed authentication_refused', () => {
    const waiting = run(given(started), requiresAction);
    expect(waiting.events).toMatchObject([{ type: 'PaymentRequiresAction', data: { payment_intent_id: 'pi_1' } }]);
    expect(waiting.state).toMatchObject({ status: 'requires_action', intentId: 'pi_1', message: MESSAGES.requiresAction });
    expect(run(waiting.state, succeeded).state).toMatchObject({ status: 'succeeded' });
    const no = run(waiting.state, refused);
    expect(no.events).toMatchObject([{ type: 'PaymentFailed', data: { reason: 'authentication_refused', message: MESSAGES.authenticationRefused } }]);
  });

  it('reordered: requires_action arriving after succeeded changes nothing; succeeded before requires_action settles it', () => {
    const paid = run(run(given(started), succeeded).state, requiresAction);
    expect(paid.events).toEqual([]);
    expect(paid.state.status).toBe('succeeded');
  });

  it('a settled checkout takes no other outcome (failed stays failed, succeeded stays succeeded)', () => {
    expect(decideCheckout(record(succeeded), run(given(started), declined).state)).toEqual([]);
    expect(decideCheckout(record(declined), run(given(started), succeeded).state)).toEqual([]);
  });

  it('payment_intent.processing records nothing', () => {
    expect(decideCheckout(record(gatewayEvent('evt_p', 'payment_intent.processing', { status: 'processing' })), given(started))).toEqual([]);
  });
});

describe('checkout expiry (issue 20 item 7)', () => {
  const THIRTY_MIN = 30 * 60_000;
  const abandon = (at: string, paymentIntentId: string | null = null) => ({
    type: 'AbandonCheckout' as const,
    data: { expires_after_ms: THIRTY_MIN, payment_intent_id: paymentIntentId },
    metadata: metaAt(at),
  });
  const action = gatewayEvent('evt_action', 'payment_intent.requires_action', { status: 'requires_action' });

  it('abandons a checkout still waiting for its payment once its time has passed, and reads as failed with the reason', () => {
    const waiting = run(given(started), action).state;
    expect(decideCheckout(abandon('2026-11-23T19:29:59.000Z'), waiting)).toEqual([]);
    const events = decideCheckout(abandon('2026-11-23T19:30:00.000Z'), waiting);
    expect(events).toEqual([
      { type: 'CheckoutAbandoned', data: { checkout_id: 'c1', account_id: 'a1', payment_intent_id: 'pi_1', reason: 'expired', abandoned_at: '2026-11-23T19:30:00.000Z' } },
    ]);
    const after = events.reduce(evolveCheckout, waiting);
    expect(after).toMatchObject({ status: 'failed', message: MESSAGES.expired, abandoned: true });
    expect(decideCheckout(abandon('2026-11-23T20:00:00.000Z'), after)).toEqual([]); // once
  });

  it('leaves a settled checkout and a renewal alone; a crash orphan (no intent) is abandoned with a null intent', () => {
    const paid = run(given(started), succeeded).state;
    expect(decideCheckout(abandon('2026-11-24T00:00:00.000Z'), paid)).toEqual([]);
    const renewal: CheckoutEvent = { type: 'CheckoutStarted', data: { ...started.data, renewal: { membership_id: 'm1', period_start: '2026-11-23T00:00:00.000Z', attempt: 1 } } } as CheckoutEvent;
    expect(decideCheckout(abandon('2026-11-24T00:00:00.000Z'), given(renewal))).toEqual([]);
    expect(decideCheckout(abandon('2026-11-24T00:00:00.000Z'), given(started))).toMatchObject([{ type: 'CheckoutAbandoned', data: { payment_intent_id: null } }]);
  });

  it('records nothing from a payment succeeding after the checkout was abandoned; its refund is recorded once', () => {
    const abandoned = decideCheckout(abandon('2026-11-23T20:00:00.000Z'), given(started)).reduce(evolveCheckout, given(started));
    expect(run(abandoned, succeeded).events).toEqual([]); // never PaymentSucceeded: it buys nothing
    const late = { checkout_id: 'c1', account_id: 'a1', payment_intent_id: 'pi_1', gateway_event_id: 'evt_ok', refund_id: 're_1', amount_cents: 6400 };
    const refunded = decideCheckout({ type: 'RecordLateRefund', data: late, metadata: meta }, abandoned);
    expect(refunded).toMatchObject([{ type: 'LatePaymentRefunded', data: late }]);
    const after = refunded.reduce(evolveCheckout, abandoned);
    expect(decideCheckout({ type: 'RecordLateRefund', data: late, metadata: meta }, after)).toEqual([]);
    // A checkout that was not abandoned records no late refund.
    expect(decideCheckout({ type: 'RecordLateRefund', data: late, metadata: meta }, given(started))).toEqual([]);
  });
});

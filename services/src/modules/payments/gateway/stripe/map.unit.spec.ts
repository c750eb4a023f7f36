import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '../../../../platform/config/schema.ts';
import { toGatewayEvent, toGatewayRefund } from './map.ts';

const intent = (over: Partial<Stripe.PaymentIntent> = {}) =>
  ({
    id: 'pi_1',
    object: 'payment_intent',
    amount: 6400,
    currency: 'usd',
    status: 'succeeded',
    customer: 'cus_1',
    payment_method: 'pm_1',
    metadata: { checkout_id: 'c1', account_id: 'a1' },
    last_payment_error: null,
    created: 1_795_000_000,
    ...over,
  }) as Stripe.PaymentIntent;
const event = (type: string, object: object) => ({ id: 'evt_1', object: 'event', type, created: 1_795_000_001, data: { object } }) as unknown as Stripe.Event;

describe('Stripe events in the port’s words', () => {
  it('a payment intent event keeps its id and type; the customer is the account of the metadata', () => {
    expect(toGatewayEvent(event('payment_intent.succeeded', intent()))).toEqual({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      created_ms: 1_795_000_001_000,
      data: { object: { id: 'pi_1', object: 'payment_intent', amount: 6400, currency: 'usd', status: 'succeeded', payment_method: 'pm_1', customer: 'a1', metadata: { checkout_id: 'c1', account_id: 'a1' }, last_payment_error: null, created: 1_795_000_000 } },
    });
  });

  it('a failure keeps Stripe’s code; a cancel (the holder refused the second step) is an authentication failure', () => {
    const failed = toGatewayEvent(
      event('payment_intent.payment_failed', intent({ status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } as Stripe.PaymentIntent.LastPaymentError })),
    );
    expect(failed?.data.object).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'card_declined' } });
    const canceled = toGatewayEvent(event('payment_intent.canceled', intent({ status: 'canceled' })));
    expect(canceled).toMatchObject({ type: 'payment_intent.payment_failed', data: { object: { last_payment_error: { code: 'payment_intent_authentication_failure' } } } });
  });

  it('nothing to record: other types, intents without this app’s metadata, other currencies', () => {
    expect(toGatewayEvent(event('customer.created', { id: 'cus_1', object: 'customer' }))).toBeNull();
    expect(toGatewayEvent(event('payment_intent.succeeded', intent({ metadata: {} })))).toBeNull();
    expect(toGatewayEvent(event('payment_intent.succeeded', intent({ currency: 'eur' })))).toBeNull();
    expect(toGatewayEvent(event('payment_intent.created', intent()))).toBeNull();
  });

  it('refund statuses', () => {
    const refund = (status: string) => toGatewayRefund({ id: 're_1', amount: 6400, payment_intent: 'pi_1', status } as Stripe.Refund);
    expect(refund('succeeded')).toEqual({ id: 're_1', status: 'succeeded', amount: 6400, payment_intent: 'pi_1' });
    expect(refund('pending').status).toBe('pending');
    expect(refund('canceled').status).toBe('failed');
  });
});

describe('PAYMENTS_GATEWAY=stripe configuration', () => {
  it('is refused at start without its three keys, naming each', () => {
    const parsed = ConfigSchema.safeParse({ PAYMENTS_GATEWAY: 'stripe' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path[0]).sort()).toEqual(['STRIPE_PUBLISHABLE_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
    const keys = { PAYMENTS_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    expect(ConfigSchema.safeParse(keys).success).toBe(true);
    const swapped = ConfigSchema.safeParse({ ...keys, STRIPE_SECRET_KEY: 'pk_test_1' });
    expect(swapped.error?.issues.map((i) => [i.path[0], i.message])).toEqual([['STRIPE_SECRET_KEY', 'must be a Stripe secret key (sk_... or rk_...)']]);
    expect(ConfigSchema.parse({}).PAYMENTS_GATEWAY).toBe('test');
  });
});

import { z } from 'zod';
import type { CardBrand } from '@acpg/contracts/payments';

/**
 * The payment gateway port, Stripe-shaped (payment methods, payment intents with an idempotency key, webhook events),
 * so the Stripe adapter (`stripe/adapter.ts`) drops in. The embedded adapter is the local test gateway (`test-gateway.ts`).
 */

export const PAYMENT_INTENT_STATUSES = ['processing', 'requires_action', 'succeeded', 'requires_payment_method'] as const;

export const PaymentIntent = z.object({
  id: z.string(),
  object: z.literal('payment_intent'),
  /** Cents. */
  amount: z.number().int().nonnegative(),
  currency: z.literal('usd'),
  status: z.enum(PAYMENT_INTENT_STATUSES),
  payment_method: z.string(),
  customer: z.string(),
  metadata: z.object({ checkout_id: z.string(), account_id: z.string() }),
  /** Why the last attempt failed (Stripe's codes: `card_declined`, `payment_intent_authentication_failure`). */
  last_payment_error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** Unix seconds, as Stripe writes it. */
  created: z.number().int(),
});
export type PaymentIntent = z.infer<typeof PaymentIntent>;

export const GATEWAY_EVENT_TYPES = [
  'payment_intent.processing',
  'payment_intent.requires_action',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
] as const;

/**
 * A webhook event: delivered at least once, possibly more than once and out of order. `id` is stable across
 * deliveries (the payments module de-duplicates by it).
 */
export const GatewayEvent = z.object({
  id: z.string().min(1),
  object: z.literal('event'),
  type: z.enum(GATEWAY_EVENT_TYPES),
  /** Unix milliseconds of the change (Stripe gives seconds; milliseconds keep the order of fast changes). */
  created_ms: z.number().int(),
  data: z.object({ object: PaymentIntent }),
});
export type GatewayEvent = z.infer<typeof GatewayEvent>;

export interface GatewayPaymentMethod {
  id: string;
  brand: CardBrand;
  last4: string;
  /** The account that created it: nobody else may pay with it. */
  customer: string;
}

export interface CreatePaymentIntent {
  amount: number;
  currency: 'usd';
  payment_method: string;
  customer: string;
  metadata: { checkout_id: string; account_id: string };
  /**
   * A renewal: no customer present; the saved card is charged or the intent fails with `last_payment_error`
   * (`authentication_required` when the card asks for a step only its holder can do). Absent: the customer is paying
   * now, and the card is kept for later off-session charges (Stripe: `setup_future_usage: 'off_session'`).
   */
  off_session?: boolean;
}

/** Saving a card for later off-session charges (Stripe: a SetupIntent with `usage: 'off_session'`). */
export interface SaveCardResult {
  id: string;
  status: 'succeeded' | 'requires_action' | 'failed';
  payment_method: string;
}

/** A refund of a payment intent (full refunds only: `amount` is the intent's). */
export interface GatewayRefund {
  id: string;
  status: 'succeeded' | 'pending' | 'failed';
  amount: number;
  payment_intent: string;
}

export interface CreateRefund {
  payment_intent: string;
  amount: number;
  metadata: { checkout_id: string; refund_id: string };
}

/** Refunds (the admin's refund; s5's test gateway and the Stripe adapter implement it). */
export interface GatewayRefunds {
  createRefund(params: CreateRefund, options: { idempotencyKey: string }): Promise<GatewayRefund>;
}

export interface PaymentGateway extends GatewayRefunds {
  retrievePaymentMethod(id: string): Promise<GatewayPaymentMethod | null>;
  /**
   * Creates and confirms the payment (Stripe: create with `confirm: true`). The same `idempotencyKey` answers the same
   * intent and charges once, however often it is sent. The outcome also arrives as webhook events.
   */
  createPaymentIntent(params: CreatePaymentIntent, options: { idempotencyKey: string }): Promise<PaymentIntent>;
  /** The card's second confirmation step (3-D Secure), approved or refused by the card holder. Idempotent. */
  confirmPaymentIntent(id: string, outcome: { approve: boolean }): Promise<PaymentIntent>;
  /**
   * Cancels a payment not yet paid (an abandoned checkout; Stripe: `paymentIntents.cancel`), answering the intent as it
   * is after: failed (`requires_payment_method`) once cancelled, or `succeeded`/`processing` when it was too late to
   * cancel (its events settle it). Null when the gateway does not know it. Sends no event of its own. Idempotent.
   */
  cancelPaymentIntent(id: string): Promise<PaymentIntent | null>;
  /** Saves the card for later off-session charges (renewals). Idempotent per key. */
  saveCard(params: { payment_method: string; customer: string }, options: { idempotencyKey: string }): Promise<SaveCardResult>;
}

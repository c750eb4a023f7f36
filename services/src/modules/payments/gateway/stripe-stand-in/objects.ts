import { createHash, randomBytes } from 'node:crypto';

/** Stripe's object shapes as the stand-in answers them (the fields the `stripe` library's types name, test mode). */

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const nowSeconds = () => Math.floor(Date.now() / 1000);
export const fingerprintOf = (number: string) => createHash('sha256').update(number).digest('hex').slice(0, 16);

export type Json = Record<string, unknown>;

export interface StandInCard {
  number: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export const paymentMethodObject = (id: string, card: StandInCard, customer: string | null, created: number, name: string | null): Json => ({
  id,
  object: 'payment_method',
  type: 'card',
  billing_details: { address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null }, email: null, name, phone: null },
  card: {
    brand: card.brand,
    checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
    country: 'US',
    display_brand: card.brand,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    fingerprint: fingerprintOf(card.number),
    funding: 'credit',
    last4: card.last4,
    networks: { available: [card.brand], preferred: null },
    three_d_secure_usage: { supported: true },
    wallet: null,
  },
  created,
  customer,
  livemode: false,
  metadata: {},
});

export const customerObject = (id: string, metadata: Json, created: number): Json => ({
  id,
  object: 'customer',
  address: null,
  balance: 0,
  created,
  currency: null,
  default_source: null,
  delinquent: false,
  description: null,
  email: null,
  invoice_prefix: id.slice(4, 12).toUpperCase(),
  invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
  livemode: false,
  metadata,
  name: null,
  phone: null,
  preferred_locales: [],
  shipping: null,
  tax_exempt: 'none',
});

export const cardError = (code: string, message: string, paymentMethod: Json, declineCode?: string): Json => ({
  type: 'card_error',
  code,
  ...(declineCode ? { decline_code: declineCode } : {}),
  doc_url: `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`,
  message,
  payment_method: paymentMethod,
});

export const errorBody = (type: string, message: string, extra: Json = {}): Json => ({ error: { type, message, ...extra } });

export const eventObject = (type: string, object: Json, idempotencyKey: string | null): Json => ({
  id: newId('evt'),
  object: 'event',
  api_version: '2026-10-28.endive',
  created: nowSeconds(),
  data: { object },
  livemode: false,
  pending_webhooks: 1,
  request: { id: idempotencyKey ? newId('req') : null, idempotency_key: idempotencyKey },
  type,
});

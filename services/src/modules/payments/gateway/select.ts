import type { Platform } from '../../../platform/module.ts';
import type { PaymentGateway } from './port.ts';
import { createStripeGateway, type StripeGateway } from './stripe/adapter.ts';
import { stripeClient } from './stripe/client.ts';
import { createTestGateway, type TestGateway } from './test-gateway.ts';

/**
 * The payment gateway the configuration chooses (`PAYMENTS_GATEWAY=test|stripe`), one per platform (routes, workers
 * and reactions share it): the embedded test gateway, or the Stripe adapter (`stripe/adapter.ts`).
 */
const gateways = new WeakMap<Platform, PaymentGateway>();
const stripeGateways = new WeakMap<Platform, StripeGateway>();

/** The Stripe adapter, or null when the test gateway is configured. */
export const stripeGateway = (platform: Platform): StripeGateway | null => {
  if (platform.config.PAYMENTS_GATEWAY !== 'stripe') return null;
  let gateway = stripeGateways.get(platform);
  if (!gateway) {
    gateway = createStripeGateway(platform, stripeClient(platform.config));
    stripeGateways.set(platform, gateway);
  }
  return gateway;
};

export const paymentGateway = (platform: Platform): PaymentGateway => {
  let gateway = gateways.get(platform);
  if (!gateway) {
    gateway = stripeGateway(platform) ?? createTestGateway(platform);
    gateways.set(platform, gateway);
  }
  return gateway;
};

/** The test gateway's own card form route needs its extra call (a payment method from a test card). */
export const testGateway = (platform: Platform): TestGateway => createTestGateway(platform);

import type { Platform } from '../../../platform/module.ts';
import type { PaymentGateway } from './port.ts';
import { createTestGateway, type TestGateway } from './test-gateway.ts';

/**
 * The payment gateway the configuration chooses, one per platform (routes, workers and reactions share it).
 * Today the embedded test gateway; `PAYMENTS_GATEWAY=stripe` adds the Stripe adapter.
 */
const gateways = new WeakMap<Platform, PaymentGateway>();

export const paymentGateway = (platform: Platform): PaymentGateway => {
  let gateway = gateways.get(platform);
  if (!gateway) {
    gateway = createTestGateway(platform);
    gateways.set(platform, gateway);
  }
  return gateway;
};

/** The test gateway's own card form route needs its extra call (a payment method from a test card). */
export const testGateway = (platform: Platform): TestGateway => createTestGateway(platform);

import type { Module } from '../../platform/module.ts';
import { CHECKOUT_ROOM } from '@acpg/contracts/payments';
import { chargesProjection } from './charges/projection.ts';
import { mayFollowCheckout } from './charges/room.ts';
import { myPaymentsRoutes } from './charges/routes.ts';
import { paymentRoutes } from './checkout/routes.ts';
import { deliverGatewayEvent } from './gateway/deliver.ts';
import { stripeRoutes } from './gateway/stripe/routes.ts';
import { GATEWAY_EVENTS_QUEUE } from './gateway/test-gateway.ts';

/**
 * Checkouts paid through the payment gateway port (the embedded test gateway; Stripe next). Outcomes arrive as the
 * gateway's webhook events, recorded once per event id in whatever order: `PaymentSucceeded`, `PaymentFailed`.
 */
export const paymentsModule: Module = {
  name: 'payments',
  eventTypes: ['CheckoutStarted', 'PaymentRequiresAction', 'PaymentSucceeded', 'PaymentFailed', 'PaymentRefunded'],
  routes: (platform) => async (app) => {
    await app.register(paymentRoutes(platform));
    await app.register(myPaymentsRoutes(platform));
    await app.register(stripeRoutes(platform));
  },
  projections: [chargesProjection],
  rooms: { [CHECKOUT_ROOM]: mayFollowCheckout },
  workers: [{ queue: GATEWAY_EVENTS_QUEUE, concurrency: 4, processor: deliverGatewayEvent }],
};

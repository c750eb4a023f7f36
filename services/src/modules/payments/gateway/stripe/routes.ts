import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { z } from 'zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { ClaimPaymentMethodBody, PaymentMethod, PaymentsConfig, StripeNextAction } from '@acpg/contracts/payments';
import { systemMeta } from '../../../../platform/commands/metadata.ts';
import { AppError } from '../../../../platform/http/errors.ts';
import { callerOf } from '../../../../platform/http/caller.ts';
import { DomainError } from '../../../../platform/commands/domain-error.ts';
import type { Platform } from '../../../../platform/module.ts';
import { ownCheckout, recordGatewayEvent } from '../../checkout/commands.ts';
import { stripeGateway } from '../select.ts';
import { toGatewayEvent } from './map.ts';
import { accountOrClientKey } from '../../../../platform/http/client-key.ts';

const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 404: ErrorEnvelope, 502: ErrorEnvelope };
const notConfigured = () => new AppError(404, 'STRIPE_NOT_CONFIGURED', 'Stripe is not this app’s payment gateway.');
const badSignature = () => new AppError(400, 'WEBHOOK_SIGNATURE_INVALID', 'The Stripe-Signature header does not match this body.');
const WebhookAnswer = z.object({ received: z.literal(true), recorded: z.boolean() });

/** Stripe's signature check only (no client, no key): `constructEvent` on the raw body. */
const webhooks = new Stripe('sk_signature_check_only').webhooks;

/**
 * The Stripe routes: the webhook (verified on the raw body with STRIPE_WEBHOOK_SECRET, recorded through the same
 * `recordGatewayEvent` as the test gateway's events: once per event id, in any order), the card form's claim of the
 * payment method Stripe.js made, and the public payments config the web reads to choose its card form.
 */
export const stripeRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/payments/config',
      {
        config: { auth: 'public' },
        schema: { tags: ['payments'], summary: 'Which card form the web shows (test gateway or Stripe, with its publishable key); on the test gateway every page shows a test-payments banner', response: { 200: okEnvelope(PaymentsConfig) } },
      },
      async () => {
        const { config } = platform;
        const data: PaymentsConfig =
          config.PAYMENTS_GATEWAY === 'stripe' ? { gateway: 'stripe', publishable_key: config.STRIPE_PUBLISHABLE_KEY, js_url: config.STRIPE_JS_URL } : { gateway: 'test' };
        return { success: true as const, data };
      },
    );

    app.post(
      '/payments/stripe/payment-methods',
      {
        config: { auth: { capability: 'payments.own' }, rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: accountOrClientKey } },
        schema: {
          tags: ['payments'],
          summary: 'Stripe: the card Stripe.js made in the browser becomes the caller’s (attached to their Stripe customer)',
          security: [{ bearer: [] }],
          body: ClaimPaymentMethodBody,
          response: { 200: okEnvelope(PaymentMethod), ...refusals },
        },
      },
      async (request) => {
        const gateway = stripeGateway(platform);
        if (!gateway) throw notConfigured();
        const method = await gateway.claimPaymentMethod(request.body.payment_method_id, callerOf(request).userId);
        if (!method) throw new AppError(404, 'PAYMENT_METHOD_NOT_FOUND', 'This card was not found. Enter it again.');
        return { success: true as const, data: { payment_method_id: method.id, brand: method.brand, last4: method.last4 } };
      },
    );

    app.get(
      '/payments/stripe/checkouts/:id/next-action',
      {
        config: { auth: { capability: 'payments.own' } },
        schema: {
          tags: ['payments'],
          summary: "Stripe: the client secret of the caller's checkout waiting for the card's second step (for Stripe.js)",
          security: [{ bearer: [] }],
          params: z.object({ id: z.uuid('The checkout id is a uuid') }),
          response: { 200: okEnvelope(StripeNextAction), 409: ErrorEnvelope, ...refusals },
        },
      },
      async (request) => {
        const gateway = stripeGateway(platform);
        if (!gateway) throw notConfigured();
        const checkout = await ownCheckout(platform, request.params.id, callerOf(request).userId);
        if (checkout.status !== 'requires_action' || !checkout.intentId) {
          throw new AppError(409, 'CONFIRMATION_NOT_NEEDED', 'This payment does not need a confirmation. Wait for its result.');
        }
        return { success: true as const, data: { client_secret: await gateway.clientSecretOf(checkout.intentId) } };
      },
    );

    // The webhook needs the exact bytes Stripe signed: in this plugin only, JSON bodies stay raw buffers.
    await app.register(async (raw) => {
      raw.removeContentTypeParser('application/json');
      raw.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
      raw.withTypeProvider<ZodTypeProvider>().post(
        '/payments/stripe/webhook',
        {
          config: { auth: 'public', rateLimit: { max: 6000, timeWindow: '1 minute' } }, // Stripe sends bursts from few addresses
          schema: {
            tags: ['payments'],
            summary: 'Stripe webhook: a payment intent event, signed with STRIPE_WEBHOOK_SECRET; recorded once per event id, in any order',
            headers: z.object({ 'stripe-signature': z.string({ error: 'The Stripe-Signature header is missing' }).min(1, 'The Stripe-Signature header is missing') }),
            response: { 200: WebhookAnswer, 400: ErrorEnvelope, 404: ErrorEnvelope },
          },
        },
        async (request) => {
          const secret = platform.config.STRIPE_WEBHOOK_SECRET;
          if (platform.config.PAYMENTS_GATEWAY !== 'stripe' || !secret) throw notConfigured();
          if (!Buffer.isBuffer(request.body)) throw badSignature();
          let event: Stripe.Event;
          try {
            event = webhooks.constructEvent(request.body, request.headers['stripe-signature'], secret);
          } catch {
            throw badSignature();
          }
          const gatewayEvent = toGatewayEvent(event);
          if (!gatewayEvent) return { received: true as const, recorded: false }; // not a checkout's event: nothing to record
          try {
            await recordGatewayEvent(platform, gatewayEvent, systemMeta(platform, { actor: 'payments.stripe-webhook' }));
          } catch (error) {
            // Signed by Stripe but for no checkout of this app (or not matching it): acknowledged, so Stripe stops
            // sending it; a failure to write is a 5xx and Stripe sends it again.
            if (error instanceof DomainError && (error.kind === 'not_found' || error.kind === 'invalid')) {
              request.log.warn({ event_id: event.id, code: error.code }, 'Stripe event not recorded');
              return { received: true as const, recorded: false };
            }
            throw error;
          }
          return { received: true as const, recorded: true };
        },
      );
    });
  };

import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { CheckoutBody, CheckoutResult, ConfirmCheckoutBody, CreatePaymentMethodBody, PaymentMethod } from '@acpg/contracts/payments';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { callerOf } from '../../../platform/http/caller.ts';
import type { Platform } from '../../../platform/module.ts';
import { paymentGateway, testGateway } from '../gateway/select.ts';
import { brandOf, cardExpired, testCardBehavior } from '../gateway/test-cards.ts';
import { confirmCheckout, liveCheckout, ownCheckout, payCheckout, toResult } from './commands.ts';
import { accountOrClientKey } from '../../../platform/http/client-key.ts';

const SIGNED_IN = { auth: { capability: 'payments.own' } } as const;
const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };
const CheckoutParams = z.object({ id: z.uuid('The checkout id is a uuid') });
const LiveCheckoutQuery = z
  .object({
    nhd_order_id: z.string().min(1).max(100).optional(),
    equity_enrollment_id: z.string().min(1).max(100).optional(),
  })
  .strict()
  .refine((q) => !(q.nhd_order_id && q.equity_enrollment_id), { message: 'Name an NHD order or an Equity Protect enrollment, not both' });

export const paymentRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const gateway = paymentGateway(platform);
    const cards = testGateway(platform);

    // The card form's one call with the card: what the gateway's browser script does with Stripe. Nothing but the
    // gateway's record (brand, last four) keeps anything of it; nothing logs the body.
    app.post(
      '/payments/test-gateway/payment-methods',
      {
        // Per account (card testing is done card after card on one account; the sign-up's human check limits accounts).
        config: { ...SIGNED_IN, rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: accountOrClientKey } },
        schema: {
          tags: ['payments'],
          summary: 'Test gateway: a payment method from a test card (4242 4242 4242 4242, 4000 0000 0000 0002, 4000 0027 6000 3184, 4000 0000 0000 0341)',
          security: [{ bearer: [] }],
          body: CreatePaymentMethodBody,
          response: { 200: okEnvelope(PaymentMethod), ...refusals },
        },
      },
      async (request) => {
        if (platform.config.PAYMENTS_GATEWAY !== 'test') throw new AppError(404, 'TEST_GATEWAY_OFF', 'This app takes cards through Stripe, not the test gateway.');
        const card = request.body;
        const behavior = testCardBehavior(card.number);
        if (!behavior) {
          throw new AppError(400, 'CARD_NOT_ACCEPTED', 'The test gateway takes only its test cards: 4242 4242 4242 4242, 4000 0000 0000 0002, 4000 0027 6000 3184 or 4000 0000 0000 0341.');
        }
        if (cardExpired(card.exp_month, card.exp_year, platform.clock())) throw new AppError(400, 'CARD_EXPIRED', 'This card has expired. Check the expiry date or use another card.');
        const method = await cards.createPaymentMethod({ brand: brandOf(card.number), last4: card.number.slice(-4), behavior, customer: callerOf(request).userId });
        return { success: true as const, data: { payment_method_id: method.id, brand: method.brand, last4: method.last4 } };
      },
    );

    app.post(
      '/payments/checkouts',
      {
        config: SIGNED_IN,
        schema: {
          tags: ['payments'],
          summary: 'Pay for a plan; sending the same checkout_id again charges nothing new and answers the checkout',
          description:
            'A plan (a membership) needs the sign-up steps before the wizard\'s plan step (a verified property, face and signature, ' +
            'mailing address): an account that signed up for less (an NHD order) is refused with 409 SIGN_UP_STEPS_MISSING and ' +
            '`missing_steps` (in the wizard\'s order), and nothing is started; `PUT /sign-up/intent` with `membership` then asks them.',
          security: [{ bearer: [] }],
          body: CheckoutBody,
          response: { 200: okEnvelope(CheckoutResult), ...refusals },
        },
      },
      async (request) => {
        const result = await payCheckout(platform, gateway, request.body, callerOf(request).userId, requestMeta(request, platform));
        return { success: true as const, data: result };
      },
    );

    app.post(
      '/payments/checkouts/:id/confirm',
      {
        config: SIGNED_IN,
        schema: {
          tags: ['payments'],
          summary: "The card's second confirmation step: approve or refuse the payment",
          security: [{ bearer: [] }],
          params: CheckoutParams,
          body: ConfirmCheckoutBody,
          response: { 200: okEnvelope(CheckoutResult), ...refusals },
        },
      },
      async (request) => {
        const result = await confirmCheckout(platform, gateway, request.params.id, request.body.approve, callerOf(request).userId);
        return { success: true as const, data: result };
      },
    );

    app.get(
      '/payments/checkouts/live',
      {
        config: SIGNED_IN,
        schema: {
          tags: ['payments'],
          summary:
            "The caller's checkout still waiting for its payment (not past CHECKOUT_EXPIRES_AFTER_MINUTES) of an NHD order, an Equity Protect enrollment, or (neither) a membership: a reloaded page continues it; 404 CHECKOUT_NOT_FOUND when none",
          security: [{ bearer: [] }],
          querystring: LiveCheckoutQuery,
          response: { 200: okEnvelope(CheckoutResult), ...refusals },
        },
      },
      async (request) => ({ success: true as const, data: await liveCheckout(platform, callerOf(request).userId, request.query) }),
    );

    app.get(
      '/payments/checkouts/:id',
      {
        config: SIGNED_IN,
        schema: {
          tags: ['payments'],
          summary: "A checkout's status (the caller's own)",
          security: [{ bearer: [] }],
          params: CheckoutParams,
          response: { 200: okEnvelope(CheckoutResult), ...refusals },
        },
      },
      async (request) => ({ success: true as const, data: toResult(await ownCheckout(platform, request.params.id, callerOf(request).userId)) }),
    );
  };

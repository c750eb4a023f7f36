import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { CardOnFile, SaveCardBody, SavedCard, type PaymentMethod } from '@acpg/contracts/payments';
import { handleCommand } from '../../../platform/commands/handle-command.ts';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { callerOf } from '../../../platform/http/caller.ts';
import type { Platform } from '../../../platform/module.ts';
import { paymentGateway } from '../gateway/select.ts';
import { cardDecider, savedCardStream } from './decider.ts';
import { CARDS_ON_FILE_COLLECTION } from './on-file.ts';

/**
 * `POST /payments/saved-cards`: checks a payment method of the caller with a zero-amount authorization and saves it for
 * later off-session charges (the gateway's SetupIntent); a card the check declines is refused at once and nothing is
 * recorded. Then records `CardSaved` on `payments-card-<id>`; memberships accepts it for a card update.
 */
export const savedCardRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const gateway = paymentGateway(platform);
    app.get(
      '/payments/saved-cards/mine',
      {
        config: { auth: { capability: 'payments.own' } },
        schema: {
          tags: ['payments'],
          summary: "The caller's card on file (last saved for renewals or last paid with), offered at every checkout; null when none",
          security: [{ bearer: [] }],
          response: { 200: okEnvelope(CardOnFile), 401: ErrorEnvelope },
        },
      },
      async (request) => {
        const accountId = callerOf(request).userId;
        const doc = await platform.documents.get(CARDS_ON_FILE_COLLECTION, accountId);
        const kept = (doc?.card as PaymentMethod | null | undefined) ?? null;
        // Offered only while the gateway still has it as the caller's card.
        const method = kept ? await gateway.retrievePaymentMethod(kept.payment_method_id) : null;
        const card = kept && method && method.customer === accountId ? kept : null;
        return { success: true as const, data: { card } };
      },
    );
    app.post(
      '/payments/saved-cards',
      {
        config: { auth: { capability: 'payments.own' } },
        schema: {
          tags: ['payments'],
          summary: 'Save a card (a payment method of the caller) for renewals; saving it again answers the same card',
          security: [{ bearer: [] }],
          body: SaveCardBody,
          response: { 200: okEnvelope(SavedCard), 400: ErrorEnvelope, 401: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope },
        },
      },
      async (request) => {
        const accountId = callerOf(request).userId;
        const method = await gateway.retrievePaymentMethod(request.body.payment_method_id);
        if (!method || method.customer !== accountId) throw new AppError(404, 'PAYMENT_METHOD_NOT_FOUND', 'This card was not found. Enter it again.');
        const setup = await gateway.saveCard({ payment_method: method.id, customer: accountId }, { idempotencyKey: `save-card-${method.id}` });
        if (setup.status === 'failed') {
          throw new AppError(400, 'CARD_DECLINED', 'Your bank declined this card when we checked it (nothing was charged), so it was not saved and renewals stay on your current card. Use another card.');
        }
        if (setup.status === 'requires_action') {
          throw new AppError(400, 'CARD_NOT_SAVED', 'This card asks for a confirmation step that renewals cannot take. Use another card.');
        }
        const data = { account_id: accountId, payment_method_id: method.id, card_brand: method.brand, card_last4: method.last4 };
        await handleCommand(platform.eventStore, savedCardStream(method.id), cardDecider, { type: 'SaveCard', data, metadata: requestMeta(request, platform) }, { retries: 2 });
        return { success: true as const, data: { payment_method_id: method.id, brand: method.brand, last4: method.last4 } };
      },
    );
  };

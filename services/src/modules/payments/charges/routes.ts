import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope, listQuery, okEnvelope, pageOf } from '@acpg/contracts/http';
import { PaymentView } from '@acpg/contracts/payments';
import { findPage } from '../../../platform/documents/paged.ts';
import { callerOf } from '../../../platform/http/caller.ts';
import type { Platform } from '../../../platform/module.ts';
import { charges } from './entity.ts';
import { CHARGES_COLLECTION, toPaymentView } from './projection.ts';

export const MyPaymentsQuery = listQuery({ sortFields: ['started_at', 'amount_cents'] as const, defaultSort: 'started_at' });

/** The signed-in user's payments (checkouts and renewal charges), newest first, paged on the server. */
export const myPaymentsRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/payments/mine',
      {
        config: { auth: { roles: 'any' } },
        schema: {
          tags: ['payments'],
          summary: "The caller's payment history: every charge (checkouts and renewals), its status, amount (cents) and card",
          security: [{ bearer: [] }],
          querystring: MyPaymentsQuery,
          response: { 200: okEnvelope(pageOf(PaymentView)), 400: ErrorEnvelope, 401: ErrorEnvelope },
        },
      },
      async (request) => {
        // The caller's own list: it shows what they did a moment ago (the read model caught up with the log first).
        await platform.caughtUp(charges.projection, { waitMs: 1000 });
        const page = await findPage(platform.documents, CHARGES_COLLECTION, request.query, {
          filter: { account_id: callerOf(request).userId },
          thenBy: ['started_at'],
          toItem: toPaymentView,
        });
        return { success: true as const, data: page };
      },
    );
  };

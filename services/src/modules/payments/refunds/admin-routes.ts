import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { AdminPaymentsQuery, PaymentView, RefundBody, RefundScope } from '@acpg/contracts/payments';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import type { Filter } from '../../../platform/documents/port.ts';
import { daysFilter } from '../../../platform/documents/list-filters.ts';
import { callerOf } from '../../../platform/http/caller.ts';
import { listRoute } from '../../../platform/http/list-route.ts';
import type { Platform } from '../../../platform/module.ts';
import { CHARGES_COLLECTION, toPaymentView } from '../charges/projection.ts';
import { refundPayment, refundScope } from './commands.ts';

const SUPER_ADMIN = { auth: { roles: ['Super Admin'] } } as const;
const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 502: ErrorEnvelope };
const CheckoutParams = z.object({ checkout_id: z.uuid('The payment id is a uuid') });


/** The list's filters as a documents filter (started_at is an ISO time: days compare as text). */
export const adminPaymentsFilter = (q: AdminPaymentsQuery): Filter => ({
  ...(q.status ? { status: q.status } : {}),
  ...(q.kind === 'renewal' ? { renewal: { $ne: null } } : q.kind === 'checkout' ? { renewal: null, nhd_order_id: null, equity_enrolment_id: null } : q.kind === 'nhd_order' ? { nhd_order_id: { $ne: null } } : q.kind === 'equity_protect' ? { equity_enrolment_id: { $ne: null } } : {}),
  ...(q.promo_code ? { 'promo.promo_code': q.promo_code.toUpperCase() } : {}),
  ...(q.account_id ? { account_id: q.account_id } : {}),
  ...daysFilter('started_at', q),
});

/** Super Admins: every payment (checkouts and renewals), and the refund of a succeeded one. */
export const adminPaymentRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    listRoute(fastify, platform, {
      url: '/admin/payments',
      auth: SUPER_ADMIN.auth,
      tags: ['payments'],
      summary: 'Every payment: filters (status, kind, promo code, account, started from/to), server paging and sorting',
      querystring: AdminPaymentsQuery,
      item: PaymentView,
      refusals,
      collection: CHARGES_COLLECTION,
      thenBy: ['started_at'],
      filter: adminPaymentsFilter,
      toItem: toPaymentView,
    });

    app.get(
      '/admin/payments/:checkout_id/refund',
      {
        config: SUPER_ADMIN,
        schema: {
          tags: ['payments'],
          summary: 'What a refund of this succeeded payment would end (the membership, the Equity Protect protection, the NHD order), or null',
          security: [{ bearer: [] }],
          params: CheckoutParams,
          response: { 200: okEnvelope(RefundScope), ...refusals },
        },
      },
      async (request) => ({ success: true as const, data: { service: await refundScope(platform, request.params.checkout_id, platform.clock()) } }),
    );

    app.post(
      '/admin/payments/:checkout_id/refund',
      {
        config: SUPER_ADMIN,
        schema: {
          tags: ['payments'],
          summary: 'Refund a succeeded payment in full, once; records who refunded it, why, and whether it ends what the payment bought (service: end or keep, required)',
          security: [{ bearer: [] }],
          params: CheckoutParams,
          body: RefundBody,
          response: { 200: okEnvelope(PaymentView), ...refusals },
        },
      },
      async (request) => {
        const view = await refundPayment(platform, request.params.checkout_id, { reason: request.body.reason, adminId: callerOf(request).userId, service: request.body.service }, requestMeta(request, platform));
        return { success: true as const, data: view };
      },
    );
  };

import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { AdminPaymentItem, AdminPaymentsQuery, PaymentView, RefundBody, RefundScope } from '@acpg/contracts/payments';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import type { Filter } from '../../../platform/documents/port.ts';
import { daysFilter } from '../../../platform/documents/list-filters.ts';
import { callerOf } from '../../../platform/http/caller.ts';
import { listRoute } from '../../../platform/http/list-route.ts';
import type { Platform } from '../../../platform/module.ts';
import { customerSearchFilter } from '../../../platform/local-copies/account-contacts.ts';
import { LEDGER_COLLECTION, ledgerProjection, toAdminPaymentItem } from '../ledger/projection.ts';
import { refundPayment, refundScope } from './commands.ts';

const OVERSEE = { auth: { capability: 'payments.oversee' } } as const;
const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 502: ErrorEnvelope };
const CheckoutParams = z.object({ checkout_id: z.uuid('The payment id is a uuid') });


const CHARGE = { entry: 'charge' } as const;
const KIND_FILTERS: Record<NonNullable<AdminPaymentsQuery['kind']>, Filter> = {
  checkout: { ...CHARGE, renewal: null, nhd_order_id: null, equity_enrolment_id: null },
  renewal: { ...CHARGE, renewal: { $ne: null } },
  nhd_order: { ...CHARGE, nhd_order_id: { $ne: null } },
  equity_protect: { ...CHARGE, equity_enrolment_id: { $ne: null } },
  claim_payout: { entry: 'payout' },
};

/**
 * The list's filters as a documents filter on `payments_ledger` (started_at is an ISO time: days compare as text; a
 * payout's is when it was paid out). A status or promo code is a charge's: payouts have neither, so they drop out.
 */
export const adminPaymentsFilter = (q: AdminPaymentsQuery): Filter => ({
  ...(q.status ? { status: q.status } : {}),
  ...(q.kind ? KIND_FILTERS[q.kind] : {}),
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
      auth: OVERSEE.auth,
      tags: ['payments'],
      summary:
        'Every payment: the charges (entry charge) and the claim payouts, money paid out (entry payout); search by the customer’s name or email or a payout’s claim number (q), filters (status, kind, promo code, account, from/to), server paging and sorting',
      querystring: AdminPaymentsQuery,
      item: AdminPaymentItem,
      refusals,
      collection: LEDGER_COLLECTION,
      thenBy: ['started_at'],
      // The search finds the customer by name or email (payments' copy of account contacts), or a payout by its claim number.
      filter: async (query) => {
        const base = adminPaymentsFilter(query);
        const search = await customerSearchFilter(platform, 'payments', query.q, { ownText: { claim_number: query.q?.trim().toUpperCase() ?? '' } });
        return Object.keys(search).length > 0 ? { $and: [base, search] } : base;
      },
      toItem: toAdminPaymentItem,
      // A refund a moment ago shows when the admin's list reads again.
      ownWrites: ledgerProjection,
    });

    app.get(
      '/admin/payments/:checkout_id/refund',
      {
        config: OVERSEE,
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
        config: OVERSEE,
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

import type { FastifyPluginAsync } from 'fastify';
import { listQuery } from '@acpg/contracts/http';
import { PaymentView } from '@acpg/contracts/payments';
import { listRoute, OWN_LIST_REFUSALS } from '../../../platform/http/list-route.ts';
import type { Platform } from '../../../platform/module.ts';
import { charges } from './entity.ts';
import { CHARGES_COLLECTION, toPaymentView } from './projection.ts';

export const MyPaymentsQuery = listQuery({ sortFields: ['started_at', 'amount_cents'] as const, defaultSort: 'started_at' });

/** The signed-in user's payments (checkouts and renewal charges), newest first, paged on the server. */
export const myPaymentsRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    listRoute(fastify, platform, {
      url: '/payments/mine',
      auth: { capability: 'payments.own' },
      tags: ['payments'],
      summary: "The caller's payment history: every charge (checkouts and renewals), its status, amount (cents) and card",
      querystring: MyPaymentsQuery,
      item: PaymentView,
      refusals: OWN_LIST_REFUSALS,
      collection: CHARGES_COLLECTION,
      thenBy: ['started_at'],
      filter: (_query, caller) => ({ account_id: caller.userId }),
      toItem: toPaymentView,
      ownWrites: charges.projection,
    });
  };

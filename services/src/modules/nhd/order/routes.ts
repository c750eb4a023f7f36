import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { NhdOrderView, PlaceOrderBody, PlaceOrderForMemberBody } from '@acpg/contracts/nhd';
import { MemberParams } from '@acpg/contracts/on-behalf';
import { placeOrderForMember } from './for-member.ts';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import { callerOf } from '../../../platform/http/caller.ts';
import type { Platform } from '../../../platform/module.ts';
import { placeOrder } from './commands.ts';
import { accountOrClientKey } from '../../../platform/http/client-key.ts';

/** Placing an order (signed in): once per order_id; then it is paid through `POST /payments/checkouts` with `nhd_order_id`. */
export const placeOrderRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/nhd/orders',
      {
        config: { auth: { capability: 'nhd.order' }, rateLimit: { max: 120, timeWindow: '1 minute', keyGenerator: accountOrClientKey } },
        schema: {
          tags: ['nhd'],
          summary: 'Place an NHD order (not yet paid): property, report type, recipients, escrow users. The same order_id again answers the same order',
          security: [{ bearer: [] }],
          body: PlaceOrderBody,
          response: { 200: okEnvelope(NhdOrderView), 201: okEnvelope(NhdOrderView), 400: ErrorEnvelope, 401: ErrorEnvelope, 409: ErrorEnvelope, 429: ErrorEnvelope },
        },
      },
      async (request, reply) => {
        const { view, created } = await placeOrder(platform, request.body, callerOf(request).userId, requestMeta(request, platform));
        return reply.code(created ? 201 : 200).send({ success: true as const, data: view, message: created ? 'Order placed. Pay for it to start the report.' : 'This order was placed already.' });
      },
    );

    app.post(
      '/nhd/members/:account_id/orders',
      {
        config: { auth: { capability: 'provider-users.act-for' }, rateLimit: { max: 120, timeWindow: '1 minute', keyGenerator: accountOrClientKey } },
        schema: {
          tags: ['nhd'],
          summary: "Order an NHD report of a provider user's verified property for them (a Provider Admin): the order is the user's; the provider pays (pay it with nhd_order_id) or the user is asked to",
          description:
            'Refused with nothing written: a user who is not one of the caller\'s provider\'s users now (never one, removed, another ' +
            'provider\'s) answers 404 PROVIDER_USER_NOT_FOUND as an unknown id; a property not verified for the user 400 ' +
            'PROPERTY_NOT_VERIFIED. The same order_id again answers the same order; `payer: user` emails the user to pay.',
          security: [{ bearer: [] }],
          params: MemberParams,
          body: PlaceOrderForMemberBody,
          response: { 200: okEnvelope(NhdOrderView), 201: okEnvelope(NhdOrderView), 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 429: ErrorEnvelope },
        },
      },
      async (request, reply) => {
        const { view, created } = await placeOrderForMember(platform, callerOf(request), request.params.account_id, request.body, requestMeta(request, platform));
        const message = !created ? 'This order was placed already.' : request.body.payer === 'provider' ? 'Order placed. Pay for it to start the report.' : 'Order placed. The user was asked to pay for it.';
        return reply.code(created ? 201 : 200).send({ success: true as const, data: view, message });
      },
    );
  };

import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope, okEnvelope, pageOf } from '@acpg/contracts/http';
import {
  CreatePromoCodeBody,
  EditPromoCodeBody,
  PromoCodeListQuery,
  PromoCodeParams,
  PromoCodeStatus,
  promoCodeStream,
  PromoCodeView,
  PromoQuote,
  PromoQuoteBody,
  isProductPromoTarget,
  PRODUCT_PROMO_TARGETS,
} from '@acpg/contracts/promo-codes';
import { handleCommand } from '../../../platform/commands/handle-command.ts';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import { findPage } from '../../../platform/documents/paged.ts';
import type { Filter } from '../../../platform/documents/port.ts';
import { AppError, unauthorized } from '../../../platform/http/errors.ts';
import type { Platform } from '../../../platform/module.ts';
import { planById } from '../copies/copies.ts';
import { purchaseOf } from '../checkout/purchase.ts';
import { quotePromo } from './commands.ts';
import { promoCodeDecider, type PromoCodeCommand } from './decider.ts';
import { PROMO_CODES_COLLECTION, toPromoCodeView } from './projection.ts';
import { accountOrClientKey } from '../../../platform/http/client-key.ts';

const SUPER_ADMIN = { auth: { capability: 'promo-codes.manage' } } as const;
const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };
/** What a change answers: the code, whether it is offered, and the stream version the read model will reach. */
const PromoCodeSaved = z.object({ code: z.string(), status: PromoCodeStatus, version: z.number().int().nonnegative() });

const listFilter = (query: PromoCodeListQuery): Filter => {
  const filter: Filter = {};
  if (query.status) filter.status = query.status;
  // The code filter holds letters, digits, hyphens and underscores only (the contract refuses the rest): no escaping needed.
  if (query.code) filter.code = { $regex: `^${query.code}` };
  if (query.plan_id) filter.plan_ids = query.plan_id;
  return filter;
};

/** Plans a code names must be ones a checkout sells (default plans), or the code could never apply. */
const refuseUnknownPlans = async (platform: Platform, planIds: readonly string[]) => {
  for (const id of planIds) {
    if (isProductPromoTarget(id)) continue; // NHD reports, Equity Protect: sold without a plan
    const plan = await planById(platform, id);
    if (!plan) {
      const message = `There is no plan ${id}. A code applies to a plan sold at checkout, ${PRODUCT_PROMO_TARGETS.map((t) => `${t.id} (${t.name})`).join(' or ')}.`;
      throw new AppError(400, 'PLAN_NOT_FOUND', message, [{ path: 'plan_ids', message }]);
    }
    if (!plan.is_default) throw new AppError(400, 'PLAN_NOT_OFFERED', `The plan ${id} is a renewal price; a promo code applies to a plan sold at checkout.`, [{ path: 'plan_ids', message: `${id} is a renewal price` }]);
  }
};

export const promoCodeRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    const run = async (request: Parameters<typeof requestMeta>[0], code: string, command: Omit<PromoCodeCommand, 'metadata'>, options: { newStream?: boolean } = {}) => {
      const { state, version } = await handleCommand(
        platform.eventStore,
        promoCodeStream(code),
        promoCodeDecider,
        { ...command, metadata: requestMeta(request, platform) } as PromoCodeCommand,
        options.newStream ? { newStream: true, existsMessage: `The promo code ${code} exists already. Edit it instead.` } : { retries: 5 },
      );
      return { success: true as const, data: { code, status: state.active ? ('active' as const) : ('inactive' as const), version } };
    };

    app.get(
      '/admin/promo-codes',
      {
        config: SUPER_ADMIN,
        schema: {
          tags: ['payments'],
          summary: 'Promo codes with their redemption counts, filtered, sorted and paged',
          security: [{ bearer: [] }],
          querystring: PromoCodeListQuery,
          response: { 200: okEnvelope(pageOf(PromoCodeView)), ...refusals },
        },
      },
      async (request) => ({
        success: true as const,
        data: await findPage(platform.documents, PROMO_CODES_COLLECTION, request.query, { filter: listFilter(request.query), thenBy: ['created_at'], toItem: toPromoCodeView }),
      }),
    );

    app.post(
      '/admin/promo-codes',
      {
        config: SUPER_ADMIN,
        schema: {
          tags: ['payments'],
          summary: 'Create a promo code: percent or amount off, the plans it applies to, valid from/to, total and per-account limits',
          security: [{ bearer: [] }],
          body: CreatePromoCodeBody,
          response: { 200: okEnvelope(PromoCodeSaved), ...refusals },
        },
      },
      async (request) => {
        const { code, ...terms } = request.body;
        await refuseUnknownPlans(platform, terms.plan_ids);
        return { ...(await run(request, code, { type: 'CreatePromoCode', data: { code, ...terms } }, { newStream: true })), message: `Promo code ${code} created.` };
      },
    );

    app.put(
      '/admin/promo-codes/:code',
      {
        config: SUPER_ADMIN,
        schema: {
          tags: ['payments'],
          summary: "Change a promo code's terms (the whole terms); redemptions so far stay counted",
          security: [{ bearer: [] }],
          params: PromoCodeParams,
          body: EditPromoCodeBody,
          response: { 200: okEnvelope(PromoCodeSaved), ...refusals },
        },
      },
      async (request) => {
        const { code } = request.params;
        await refuseUnknownPlans(platform, request.body.plan_ids);
        return { ...(await run(request, code, { type: 'EditPromoCode', data: { code, ...request.body } })), message: `Promo code ${code} saved.` };
      },
    );

    for (const [action, type, done] of [
      ['deactivate', 'DeactivatePromoCode', 'is no longer offered'],
      ['activate', 'ActivatePromoCode', 'is offered again'],
    ] as const) {
      app.post(
        `/admin/promo-codes/:code/${action}`,
        {
          config: SUPER_ADMIN,
          schema: {
            tags: ['payments'],
            summary: action === 'deactivate' ? 'Stop offering a promo code (checkouts under way keep their reservation)' : 'Offer a deactivated promo code again',
            security: [{ bearer: [] }],
            params: PromoCodeParams,
            response: { 200: okEnvelope(PromoCodeSaved), ...refusals },
          },
        },
        async (request) => {
          const { code } = request.params;
          return { ...(await run(request, code, { type, data: { code } })), message: `Promo code ${code} ${done}.` };
        },
      );
    }

    app.post(
      '/payments/promo-codes/quote',
      {
        // Guessing codes is slowed per account (signed in) or per address.
        config: { auth: 'public', rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: accountOrClientKey } },
        schema: {
          tags: ['payments'],
          summary: 'What a promo code takes off a plan today (signed in: the per-account limit is checked too)',
          body: PromoQuoteBody,
          response: { 200: okEnvelope(PromoQuote), 400: ErrorEnvelope, 404: ErrorEnvelope, 429: ErrorEnvelope },
        },
      },
      async (request) => {
        // A visitor quotes plans only; an NHD order is the caller's own.
        if ((request.body.nhd_order_id !== undefined || request.body.equity_enrollment_id !== undefined) && !request.principal) throw unauthorized('Sign in to use a promo code on your order.');
        const purchase = await purchaseOf(platform, request.body, request.principal?.userId ?? null);
        return { success: true as const, data: await quotePromo(platform, request.body.code, purchase, request.principal?.userId ?? null) };
      },
    );
  };

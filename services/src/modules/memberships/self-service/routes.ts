import type { FastifyPluginAsync } from 'fastify';
import { renewalPrices } from '../renewals/run.ts';
import { latestPlans } from '../start-on-payment/plans.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { MembershipView, SwitchPlanBody, UpdateMembershipCardBody } from '@acpg/contracts/memberships';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import { callerOf } from '../../../platform/http/caller.ts';
import type { Platform } from '../../../platform/module.ts';
import { memberMove, updateCard, viewAfter } from './commands.ts';

const Params = z.object({ id: z.string().trim().min(1).max(100, 'The membership id is too long') });
/** The membership as it stands after the move (the list's row arrives a moment later through `membership.updated`). */
const MoveResult = MembershipView.pick({
  status: true,
  plan_id: true,
  plan_name: true,
  next_renewal_at: true,
  card_brand: true,
  card_last4: true,
  cancel_at_period_end: true,
  switch_to_plan_name: true,
  ended_at: true,
  cancels_at: true,
})
  .partial()
  .extend({ id: z.string() });
const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };
const OWNER = { auth: { capability: 'membership.own' } } as const;


/** The member's own moves: cancel at the period end, resume, switch plan name from the next renewal, update the card. */
export const selfServiceRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const schema = (summary: string) => ({ tags: ['memberships'], summary, security: [{ bearer: [] }], params: Params, response: { 200: okEnvelope(MoveResult), ...refusals } });
    const answer = (id: string, state: Parameters<typeof viewAfter>[1]) => ({ success: true as const, data: viewAfter(id, state, platform.clock()) });

    app.post('/memberships/:id/cancel', { config: OWNER, schema: schema('Cancel at the end of the paid period (the owner only; 404 for others)') }, async (request) => {
      const account = callerOf(request).userId;
      const state = await memberMove(platform, request.params.id, { type: 'CancelMembership', data: { account_id: account }, metadata: requestMeta(request, platform) });
      return answer(request.params.id, state);
    });

    app.post('/memberships/:id/resume', { config: OWNER, schema: schema('Withdraw a cancellation before the period ends') }, async (request) => {
      const account = callerOf(request).userId;
      const state = await memberMove(platform, request.params.id, { type: 'ResumeMembership', data: { account_id: account }, metadata: requestMeta(request, platform) });
      return answer(request.params.id, state);
    });

    app.post(
      '/memberships/:id/switch',
      { config: OWNER, schema: { ...schema('Renew as the other plan name (Monthly or Yearly) from the next renewal; its own name withdraws a switch'), body: SwitchPlanBody } },
      async (request) => {
        const account = callerOf(request).userId;
        // The price it will renew at, as the plans stand now (the same renewal price the scheduler charges).
        const price = renewalPrices(await latestPlans(platform))[request.body.plan_name];
        const data = { account_id: account, plan_name: request.body.plan_name, ...(price ? { renewal_amount_cents: price.amount_cents } : {}) };
        const state = await memberMove(platform, request.params.id, { type: 'SwitchPlan', data, metadata: requestMeta(request, platform) });
        return answer(request.params.id, state);
      },
    );

    app.put(
      '/memberships/:id/card',
      { config: OWNER, schema: { ...schema('Renew with a saved card (POST /payments/saved-cards); a failed renewal is charged to it at once'), body: UpdateMembershipCardBody } },
      async (request) => {
        const account = callerOf(request).userId;
        const state = await updateCard(platform, request.params.id, request.body.payment_method_id, account, requestMeta(request, platform));
        return answer(request.params.id, state);
      },
    );
  };

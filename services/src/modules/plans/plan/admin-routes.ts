import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { DefinePlanBody, Plan, PlanDefined, PlanId, planFromDefined } from '@acpg/contracts/plans';
import { handleCommand } from '../../../platform/commands/handle-command.ts';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import { AppError } from '../../../platform/http/errors.ts';
import type { Platform } from '../../../platform/module.ts';
import { planDecider, planStream } from './decider.ts';

/** Every plan's latest definition, from the plans' events (a read model could lag behind an edit made a moment ago). */
const latestPlans = async (platform: Platform): Promise<PlanDefined[]> => {
  const latest = new Map<string, PlanDefined>();
  for (const event of await platform.eventStore.readAll({ after: 0, limit: 10_000, types: ['PlanDefined'] })) {
    const plan = PlanDefined.safeParse(event.data);
    if (plan.success && event.stream === planStream(plan.data.plan_id)) latest.set(plan.data.plan_id, plan.data);
  }
  return [...latest.values()];
};

/** Per name, one active default plan (sold at sign-up) and one active renewal plan: the plan transform reads one of each. */
const refuseSecondActive = (next: PlanDefined, plans: readonly PlanDefined[]) => {
  if (!next.is_active) return;
  const other = plans.find((p) => p.plan_id !== next.plan_id && p.is_active && p.name === next.name && p.is_default === next.is_default);
  if (!other) return;
  const kind = next.is_default ? 'default' : 'renewal';
  throw new AppError(409, 'PLAN_CONFLICT', `${next.name} already has an active ${kind} plan (${other.plan_id}). Deactivate it first.`);
};

export const adminPlanRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.put(
      '/admin/plans/:id',
      {
        config: { auth: { roles: ['Super Admin'] } },
        schema: {
          tags: ['plans'],
          summary: 'Create or change a plan (prices and fees in cents, trial months)',
          security: [{ bearer: [] }],
          params: z.object({ id: PlanId }),
          body: DefinePlanBody,
          response: { 200: okEnvelope(Plan), 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 409: ErrorEnvelope },
        },
      },
      async (request) => {
        const body = request.body;
        const data: PlanDefined = {
          plan_id: request.params.id,
          name: body.name,
          is_default: body.is_default,
          is_active: body.is_active,
          amount_cents: body.amount,
          setup_fees_cents: body.additional_charges['setup fees'],
          recording_fees_cents: body.additional_charges.recording_fees,
          trial_months: body.trial_period.month,
        };
        refuseSecondActive(data, await latestPlans(platform));
        const { state } = await handleCommand(platform.eventStore, planStream(data.plan_id), planDecider, { type: 'DefinePlan', data, metadata: requestMeta(request, platform) });
        return { success: true as const, data: planFromDefined(state.plan ?? data), message: 'Plan saved.' };
      },
    );
  };

import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '@acpg/contracts/http';
import { PlanDefined, planFromDefined, PlansResponse, type Plan } from '@acpg/contracts/plans';
import type { Platform } from '../../../platform/module.ts';
import { PLANS_COLLECTION, planOrder, toPlan } from './projection.ts';

const MAX_PLANS = 500;

/**
 * The read model's plans; before it has any (fresh start, or the projector behind the api in the distributed
 * profile) the plans' events are folded instead, so a visitor never sees an empty price list that exists.
 */
const readPlans = async (platform: Platform): Promise<Plan[]> => {
  const docs = await platform.documents.find(PLANS_COLLECTION, {}, { limit: MAX_PLANS });
  if (docs.length > 0) return docs.map(toPlan).filter((p): p is Plan => p !== null);
  const latest = new Map<string, Plan>();
  for (const event of await platform.eventStore.readAll({ after: 0, limit: 10_000, types: ['PlanDefined'] })) {
    const data = PlanDefined.safeParse(event.data);
    if (data.success && event.stream.startsWith('plans-plan-')) latest.set(data.data.plan_id, planFromDefined(data.data));
  }
  return [...latest.values()];
};

export const planRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/plans',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['plans'],
          summary: 'Membership plans: per name (Monthly, Yearly) the default plan sold at sign-up and its renewal plan; amounts in cents',
          response: { 200: okEnvelope(PlansResponse) },
        },
      },
      async () => ({ success: true as const, data: { plans: (await readPlans(platform)).sort(planOrder) } }),
    );
  };

import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '@acpg/contracts/http';
import { PlansResponse, type Plan } from '@acpg/contracts/plans';
import type { Platform } from '../../../platform/module.ts';
import { documentsOnceAny } from '../../../platform/projections/caught-up.ts';
import { PLANS_COLLECTION, planOrder, toPlan } from './projection.ts';

/** The read model's plans (waiting, bounded, while it has none: right after a start the seed may not be applied yet). */
const readPlans = async (platform: Platform): Promise<Plan[]> =>
  (await documentsOnceAny(platform.documents, PLANS_COLLECTION)).map(toPlan).filter((p): p is Plan => p !== null);

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

import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '@acpg/contracts/http';
import { US_STATES } from '@acpg/contracts/us-states';
import type { Module } from '../../platform/module.ts';

export const UsStateList = z.array(z.object({ code: z.string().length(2), name: z.string() }));

/** Reference data for forms: the 50 US states (no District of Columbia). */
export const geographyModule: Module = {
  name: 'geography',
  routes: () => async (fastify) => {
    fastify.withTypeProvider<ZodTypeProvider>().get(
      '/states',
      {
        config: { auth: 'public' },
        schema: { tags: ['geography'], summary: 'The 50 US states with their two-letter codes', response: { 200: okEnvelope(UsStateList) } },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=86400');
        return { success: true as const, data: [...US_STATES] };
      },
    );
  },
};

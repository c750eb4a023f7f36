import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope, okEnvelope, pageOf } from '@acpg/contracts/http';
import { VerifiedPropertiesQuery, VerifiedProperty } from '@acpg/contracts/properties';
import { findPage } from '../../../platform/documents/paged.ts';
import { callerOf } from '../../../platform/http/caller.ts';
import type { Platform } from '../../../platform/module.ts';
import { verifiedPropertiesProjection } from './projection.ts';
import { toVerifiedProperty, VERIFIED_PROPERTIES_COLLECTION } from './projection.ts';

/** `GET /properties/verified`: the caller's own verified properties, newest first. */
export const verifiedPropertiesRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    fastify.withTypeProvider<ZodTypeProvider>().get(
      '/properties/verified',
      {
        config: { auth: { roles: 'any' } },
        schema: {
          tags: ['properties'],
          summary: 'The properties the signed-in account verified',
          security: [{ bearer: [] }],
          querystring: VerifiedPropertiesQuery,
          response: { 200: okEnvelope(pageOf(VerifiedProperty)), 400: ErrorEnvelope, 401: ErrorEnvelope },
        },
      },
      async (request) => {
        const accountId = callerOf(request).userId;
        // The caller's own list: it shows what they did a moment ago (the read model caught up with the log first).
        await platform.caughtUp(verifiedPropertiesProjection, { waitMs: 1000 });
        const page = await findPage(platform.documents, VERIFIED_PROPERTIES_COLLECTION, request.query, {
          filter: { account_id: accountId },
          thenBy: ['verified_at'],
          toItem: toVerifiedProperty,
        });
        return { success: true as const, data: page };
      },
    );
  };

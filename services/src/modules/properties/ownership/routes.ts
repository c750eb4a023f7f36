import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { OwnershipVerificationList, type OwnershipVerification } from '@acpg/contracts/properties';
import { callerOf } from '../../../platform/http/caller.ts';
import type { Platform } from '../../../platform/module.ts';
import { PROPERTY_VERIFICATIONS_COLLECTION, propertyVerificationsProjection, toOwnershipVerification } from './projection.ts';

/** `GET /properties/verifications/mine`: the caller's verifications (letters on their way, verified, locked), newest first. */
export const ownershipRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/properties/verifications/mine',
      {
        config: { auth: { capability: 'properties.verify' } },
        schema: {
          tags: ['properties'],
          summary: "The signed-in account's property verifications",
          description: 'Each property the account asked to verify: a letter with a code on its way (letter_sent, with tries and letters left), verified, or locked. At most 100, newest first.',
          security: [{ bearer: [] }],
          response: { 200: okEnvelope(OwnershipVerificationList), 401: ErrorEnvelope },
        },
      },
      async (request) => {
        await platform.caughtUp(propertyVerificationsProjection);
        const docs = await platform.documents.find(PROPERTY_VERIFICATIONS_COLLECTION, { account_id: callerOf(request).userId }, { sort: { updated_at: -1 }, limit: 100 });
        const items = docs.map(toOwnershipVerification).filter((v): v is OwnershipVerification => v !== null);
        return { success: true as const, data: { items } };
      },
    );
  };

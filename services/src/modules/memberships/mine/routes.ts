import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope, okEnvelope, pageOf } from '@acpg/contracts/http';
import { MembershipView, MyMembershipsQuery } from '@acpg/contracts/memberships';
import { findPage } from '../../../platform/documents/paged.ts';
import { callerOf } from '../../../platform/http/caller.ts';
import type { Platform } from '../../../platform/module.ts';
import { membershipsProjection } from './projection.ts';
import { MEMBERSHIPS_COLLECTION, toMembershipView } from './projection.ts';

/** The signed-in user's memberships, paged and sorted on the server. */
export const myMembershipsRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/memberships/mine',
      {
        config: { auth: { roles: 'any' } },
        schema: {
          tags: ['memberships'],
          summary: "The caller's memberships: plan, status, start, trial end, next renewal, amounts (cents), card's last four",
          security: [{ bearer: [] }],
          querystring: MyMembershipsQuery,
          response: { 200: okEnvelope(pageOf(MembershipView)), 400: ErrorEnvelope, 401: ErrorEnvelope },
        },
      },
      async (request) => {
        const now = platform.clock();
        // The caller's own list: it shows what they did a moment ago (the read model caught up with the log first).
        await platform.caughtUp(membershipsProjection, { waitMs: 1000 });
        const page = await findPage(platform.documents, MEMBERSHIPS_COLLECTION, request.query, {
          filter: { account_id: callerOf(request).userId },
          thenBy: ['started_at'],
          toItem: (doc) => toMembershipView(doc, now),
        });
        return { success: true as const, data: page };
      },
    );
  };

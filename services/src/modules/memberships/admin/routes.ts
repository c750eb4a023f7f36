import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope, okEnvelope, pageOf } from '@acpg/contracts/http';
import { AdminMembershipsQuery, MembershipView } from '@acpg/contracts/memberships';
import type { Filter } from '../../../platform/documents/port.ts';
import { findPage } from '../../../platform/documents/paged.ts';
import { daysFilter } from '../../../platform/documents/list-filters.ts';
import type { Platform } from '../../../platform/module.ts';
import { MEMBERSHIPS_COLLECTION, toMembershipView } from '../mine/projection.ts';


/**
 * The list's filters as a documents filter. A trial that has ended reads `active` (as the list shows it), so the
 * status filter compares the trial's end with `now`.
 */
export const adminMembershipsFilter = (q: AdminMembershipsQuery, now: Date): Filter => {
  const at = now.toISOString();
  const status: Filter =
    q.status === 'trialing'
      ? { status: 'trialing', trial_ends_at: { $gt: at } }
      : q.status === 'active'
        ? { $or: [{ status: 'active' }, { status: 'trialing', trial_ends_at: { $lte: at } }] }
        : q.status
          ? { status: q.status }
          : {};
  return {
    ...status,
    ...(q.plan_name ? { plan_name: q.plan_name } : {}),
    ...(q.account_id ? { account_id: q.account_id } : {}),
    ...daysFilter('started_at', q),
  };
};

/** Super Admins: every membership, filtered, paged and sorted on the server. */
export const adminMembershipsRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/admin/memberships',
      {
        config: { auth: { roles: ['Super Admin'] } },
        schema: {
          tags: ['memberships'],
          summary: 'Every membership: filters (status, plan, account, started from/to), server paging and sorting',
          security: [{ bearer: [] }],
          querystring: AdminMembershipsQuery,
          response: { 200: okEnvelope(pageOf(MembershipView)), 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope },
        },
      },
      async (request) => {
        const now = platform.clock();
        const page = await findPage(platform.documents, MEMBERSHIPS_COLLECTION, request.query, {
          filter: adminMembershipsFilter(request.query, now),
          thenBy: ['started_at'],
          toItem: (doc) => toMembershipView(doc, now),
        });
        return { success: true as const, data: page };
      },
    );
  };

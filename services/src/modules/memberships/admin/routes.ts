import type { FastifyPluginAsync } from 'fastify';
import { AdminMembershipsQuery, MembershipView } from '@acpg/contracts/memberships';
import type { Filter } from '../../../platform/documents/port.ts';
import { daysFilter } from '../../../platform/documents/list-filters.ts';
import { listRoute, ROLE_LIST_REFUSALS } from '../../../platform/http/list-route.ts';
import type { Platform } from '../../../platform/module.ts';
import { customerSearchFilter } from '../../../platform/local-copies/account-contacts.ts';
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
    listRoute(fastify, platform, {
      url: '/admin/memberships',
      auth: { capability: 'memberships.oversee' },
      tags: ['memberships'],
      summary: 'Every membership: search by the member’s name or email, filters (status, plan, account, started from/to), server paging and sorting',
      querystring: AdminMembershipsQuery,
      item: MembershipView,
      refusals: ROLE_LIST_REFUSALS,
      collection: MEMBERSHIPS_COLLECTION,
      thenBy: ['started_at'],
      // The search finds the member by name or email (memberships' copy of account contacts).
      filter: async (query, _caller, now) => {
        const base = adminMembershipsFilter(query, now);
        const search = await customerSearchFilter(platform, 'memberships', query.q);
        return Object.keys(search).length > 0 ? { $and: [base, search] } : base;
      },
      toItem: toMembershipView,
    });
  };

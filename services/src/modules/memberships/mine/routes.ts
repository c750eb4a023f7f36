import type { FastifyPluginAsync } from 'fastify';
import { MembershipView, MyMembershipsQuery } from '@acpg/contracts/memberships';
import { listRoute, OWN_LIST_REFUSALS } from '../../../platform/http/list-route.ts';
import type { Platform } from '../../../platform/module.ts';
import { membershipsProjection } from './projection.ts';
import { MEMBERSHIPS_COLLECTION, toMembershipView } from './projection.ts';

/** The signed-in user's memberships, paged and sorted on the server. */
export const myMembershipsRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    listRoute(fastify, platform, {
      url: '/memberships/mine',
      auth: { capability: 'membership.own' },
      tags: ['memberships'],
      summary: "The caller's memberships: plan, status, start, trial end, next renewal, amounts (cents), card's last four",
      querystring: MyMembershipsQuery,
      item: MembershipView,
      refusals: OWN_LIST_REFUSALS,
      collection: MEMBERSHIPS_COLLECTION,
      thenBy: ['started_at'],
      filter: (_query, caller) => ({ account_id: caller.userId }),
      toItem: toMembershipView,
      ownWrites: membershipsProjection,
    });
  };

import type { Module } from '../../platform/module.ts';
import { membershipsProjection } from './mine/projection.ts';
import { myMembershipsRoutes } from './mine/routes.ts';
import { MEMBERSHIPS_QUEUE, membershipsWorker, startOnPaymentReaction } from './start-on-payment/reaction.ts';

/**
 * Memberships: a successful payment (the payments module's `PaymentSucceeded`, never its code) starts one through
 * a reaction, a job and the StartMembership command; the caller's list is `GET /memberships/mine`, live on `account:<id>`.
 */
export const membershipsModule: Module = {
  name: 'memberships',
  eventTypes: ['MembershipStarted'],
  routes: (platform) => async (app) => {
    await app.register(myMembershipsRoutes(platform));
  },
  projections: [membershipsProjection],
  reactions: [startOnPaymentReaction],
  workers: [{ queue: MEMBERSHIPS_QUEUE, concurrency: 2, processor: membershipsWorker }],
};

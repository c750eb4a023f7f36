import { OVERSEER_ROLES } from '@acpg/contracts/role-permissions';
import { adminMembershipsRoutes } from './admin/routes.ts';
import { MEMBERSHIP_UPDATED_MESSAGE, MembershipUpdated } from '@acpg/contracts/memberships';
import { liveMessage } from '../../platform/realtime/messages.ts';
import type { Module } from '../../platform/module.ts';
import { DUNNING_TEMPLATES } from './dunning/templates.ts';
import { dunningEmailsReaction } from './dunning/reaction.ts';
import { MEMBERSHIP_EVENT_TYPES } from './membership/events.ts';
import { membershipsProjection } from './mine/projection.ts';
import { myMembershipsRoutes } from './mine/routes.ts';
import { renewalOutcomeReaction, renewalsWorker } from './renewals/outcome.ts';
import { renewalsSchedule } from './renewals/run.ts';
import { selfServiceRoutes } from './self-service/routes.ts';
import { membershipsWorker, startOnPaymentReaction } from './start-on-payment/reaction.ts';
import { ACCOUNT_CONTACT_EVENTS } from '@acpg/contracts/identity';
import { SAVED_CARD_EVENTS } from '@acpg/contracts/payments';
import { PLAN_HISTORY_EVENTS } from '@acpg/contracts/plans';
import { accountContactsCopy } from '../../platform/local-copies/account-contacts.ts';
import { accountTimeZonesCopy } from '../../platform/local-copies/account-time-zones.ts';
import { ACCOUNT_TIME_ZONE_EVENTS } from '@acpg/contracts/time-zones';
import { plansCopy } from './start-on-payment/plans.ts';
import { savedCardsCopy } from './self-service/commands.ts';
import { CHANGE_NOTICE_TEMPLATES } from './notices/templates.ts';
import { changeNoticesReaction } from './notices/reaction.ts';
import { membershipRefundReaction, membershipRefundWorker } from './refunds/reaction.ts';

/**
 * Memberships: a successful payment (the payments module's `PaymentSucceeded`, never its code) starts one through
 * a reaction, a job and the StartMembership command; the caller's list is `GET /memberships/mine`, live on `account:<id>`.
 * The member cancels, resumes, switches plan and updates the card (self-service/); a schedule charges renewals through
 * `MembershipRenewalDue` (payments charges it) and runs dunning (renewals/, dunning/).
 */
export const membershipsModule: Module = {
  name: 'memberships',
  eventTypes: MEMBERSHIP_EVENT_TYPES,
  routes: (platform) => async (app) => {
    await app.register(myMembershipsRoutes(platform));
    await app.register(adminMembershipsRoutes(platform));
    await app.register(selfServiceRoutes(platform));
  },
  projections: [membershipsProjection, plansCopy, savedCardsCopy, accountContactsCopy('memberships'), accountTimeZonesCopy('memberships')],
  consumes: ['PaymentSucceeded', 'PaymentFailed', 'PaymentRefunded', ...PLAN_HISTORY_EVENTS, ...SAVED_CARD_EVENTS, ...ACCOUNT_CONTACT_EVENTS, ...ACCOUNT_TIME_ZONE_EVENTS],
  pushes: [liveMessage({ name: MEMBERSHIP_UPDATED_MESSAGE, summary: 'A membership started or changed (renewal, cancellation, plan switch)', payload: MembershipUpdated, rooms: ['account:{id}', ...OVERSEER_ROLES.map((role) => `role:${role}`)] })],
  reactions: [startOnPaymentReaction, renewalOutcomeReaction, dunningEmailsReaction, changeNoticesReaction, membershipRefundReaction],
  templates: [...DUNNING_TEMPLATES, ...CHANGE_NOTICE_TEMPLATES],
  workers: [membershipsWorker, renewalsWorker, membershipRefundWorker],
  schedules: [renewalsSchedule],
};

import { OVERSEER_ROLES } from '@acpg/contracts/role-permissions';
import { ALERT_EVENT_TYPES, ENROLMENT_EVENT_TYPES, IMPORT_EVENT_TYPES } from '@acpg/contracts/equity';
import { EQUITY_IMPORT_UPDATED_MESSAGE, ImportView } from '@acpg/contracts/equity';
import { liveMessage } from '../../platform/realtime/messages.ts';
import type { Module } from '../../platform/module.ts';
import { alerts } from './alerts/entity.ts';
import { alertRoutes } from './alerts/routes.ts';
import { caseRoutes } from './cases/routes.ts';
import { memberContactsCopy } from './cases/member-contacts.ts';
import { enrolments } from './enrolments/entity.ts';
import { enrolmentRoutes } from './enrolments/routes.ts';
import { memberRoutes } from './members/routes.ts';
import { providerMembersCopy } from '../../platform/local-copies/provider-members.ts';
import { PROVIDER_MEMBER_EVENTS } from '@acpg/contracts/provider-users';
import { matchingReaction, matchingWorker } from './imports/matching.ts';
import { importsProjection } from './imports/projection.ts';
import { importRoutes } from './imports/routes.ts';
import { noticesReaction } from './notices/reaction.ts';
import { alertEmail, alertSms, caseClosedEmail, caseOpenedEmail, protectionEndedEmail, protectionEndingEmail, protectionToPayEmail } from './notices/templates.ts';
import { endingSchedule } from './enrolment/ending.ts';
import { enrolmentPaymentReaction, enrolmentPaymentWorker } from './payment/reaction.ts';
import { MEMBER_CONTACT_EVENTS } from '@acpg/contracts/identity';
import { MEMBERSHIP_STANDING_EVENTS } from '@acpg/contracts/memberships';
import { PROPERTY_VERIFIED } from '@acpg/contracts/properties';
import { accountContactsCopy } from '../../platform/local-copies/account-contacts.ts';
import { accountTimeZonesCopy } from '../../platform/local-copies/account-time-zones.ts';
import { ACCOUNT_TIME_ZONE_EVENTS } from '@acpg/contracts/time-zones';
import { verifiedPropertiesCopy } from '../../platform/local-copies/verified-properties.ts';
import { SIGN_UP_STEPS_CONSUMES, signUpStepsCopies } from '../../platform/local-copies/sign-up-steps.ts';
import { membershipsCopy } from './enrolment/memberships-copy.ts';
import { pricingRoutes, seedPricing } from './pricing/routes.ts';
import { pricingProjection } from './pricing/projection.ts';

/**
 * Equity Protect (issue 10): members protect their verified properties; recorded documents (a Super Admin's import or
 * sample recordings) are matched by county and APN, never by name; a match is an alert (email, SMS, live) the member
 * answers, and "I don't recognize this" opens a fraud case. Pricing is data; payment through the payments module. A
 * member is told 30 days before a year of protection ends, and protects the property again once it has.
 */
export const equityModule: Module = {
  name: 'equity',
  eventTypes: ['EquityPricingDefined', ...ENROLMENT_EVENT_TYPES, ...IMPORT_EVENT_TYPES, ...ALERT_EVENT_TYPES],
  routes: (platform) => async (app) => {
    await app.register(pricingRoutes(platform));
    await app.register(enrolmentRoutes(platform));
    await app.register(memberRoutes(platform));
    await app.register(importRoutes(platform));
    await app.register(alertRoutes(platform));
    await app.register(caseRoutes(platform));
  },
  projections: [enrolments.projection, alerts.projection, importsProjection, pricingProjection, verifiedPropertiesCopy('equity'), membershipsCopy, accountContactsCopy('equity'), accountTimeZonesCopy('equity'), memberContactsCopy, ...signUpStepsCopies('equity'), providerMembersCopy('equity')],
  consumes: [...PROVIDER_MEMBER_EVENTS, 'PaymentSucceeded', 'PaymentFailed', 'PaymentRefunded', PROPERTY_VERIFIED, ...MEMBERSHIP_STANDING_EVENTS, ...MEMBER_CONTACT_EVENTS, ...SIGN_UP_STEPS_CONSUMES, ...ACCOUNT_TIME_ZONE_EVENTS],
  pushes: [
    enrolments.push,
    alerts.push,
    liveMessage({ name: EQUITY_IMPORT_UPDATED_MESSAGE, summary: 'A recorder-feed import was recorded or matched', payload: ImportView, rooms: OVERSEER_ROLES.map((role) => `role:${role}`) }),
  ],
  rooms: alerts.rooms,
  reactions: [enrolmentPaymentReaction, matchingReaction, noticesReaction],
  templates: [alertEmail, alertSms, caseOpenedEmail, caseClosedEmail, protectionEndingEmail, protectionEndedEmail, protectionToPayEmail],
  schedules: [endingSchedule],
  workers: [enrolmentPaymentWorker, matchingWorker],
  seed: seedPricing,
};

/** For tools outside the module (bench/equity-matching.ts): the sample recordings and their CSV. */
export { recordingsCsv, sampleFeed } from './recorder-feed/sample.ts';

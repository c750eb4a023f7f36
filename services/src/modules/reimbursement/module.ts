import { providerMembersCopy } from '../../platform/local-copies/provider-members.ts';
import { PROVIDER_MEMBER_EVENTS } from '@acpg/contracts/provider-users';
import { CLAIM_NUMBER_ALLOCATED, COVERAGE_LEDGER_EVENT_TYPES, REIMBURSEMENT_EVENT_TYPES } from '@acpg/contracts/reimbursement';
import type { Module } from '../../platform/module.ts';
import { claimantRoutes } from './claim/routes.ts';
import { adminClaimRoutes } from './claims/admin-routes.ts';
import { claims } from './claims/entity.ts';
import { claimRoutes } from './claims/routes.ts';
import { claimNoticesReaction } from './notices/reaction.ts';
import { claimUpdatedEmail } from './notices/template.ts';
import { claimPayoutReaction, claimPayoutWorker } from './payout/reaction.ts';
import { payoutDetailsCopy } from './payout/destination.ts';
import { payoutDestinationRoutes } from './payout/routes.ts';
import { PAYOUT_DETAILS_EVENTS } from '@acpg/contracts/payout-details';
import { ACCOUNT_CONTACT_EVENTS } from '@acpg/contracts/identity';
import { PROPERTY_VERIFIED } from '@acpg/contracts/properties';
import { accountContactsCopy } from '../../platform/local-copies/account-contacts.ts';
import { verifiedPropertiesCopy } from '../../platform/local-copies/verified-properties.ts';
import { COVERAGE_CONSUMES, membershipTermsCopy, planTermsCopy } from './coverage/copies.ts';
import { coverageRoutes } from './coverage/routes.ts';

/**
 * Property reimbursement claims (DECISIONS.md "Reimbursement lifecycle"): a member files a claim with documents for a
 * property they verified; Super Admins review, ask for more information, approve or reject it, and pay it out.
 * Payout: the payments module reads `ReimbursementPayoutRequested` and records `PayoutRecorded`, which marks the claim
 * paid here (payout/); the payout dialog shows where the money goes from this module's copy of the member's payout
 * details (identity's `MemberPayoutDetailsChanged`, payout/destination.ts). Every status change emails the claimant (notices/).
 */
export const reimbursementModule: Module = {
  name: 'reimbursement',
  eventTypes: [...REIMBURSEMENT_EVENT_TYPES, CLAIM_NUMBER_ALLOCATED, ...COVERAGE_LEDGER_EVENT_TYPES],
  routes: (platform) => async (app) => {
    await app.register(claimantRoutes(platform));
    await app.register(claimRoutes(platform));
    await app.register(adminClaimRoutes(platform));
    await app.register(coverageRoutes(platform));
    await app.register(payoutDestinationRoutes(platform));
  },
  projections: [claims.projection, verifiedPropertiesCopy('reimbursement'), accountContactsCopy('reimbursement'), membershipTermsCopy, planTermsCopy, payoutDetailsCopy, providerMembersCopy('reimbursement')],
  consumes: ['PayoutRecorded', PROPERTY_VERIFIED, ...ACCOUNT_CONTACT_EVENTS, ...COVERAGE_CONSUMES, ...PAYOUT_DETAILS_EVENTS, ...PROVIDER_MEMBER_EVENTS],
  pushes: [claims.push],
  rooms: claims.rooms,
  reactions: [claimNoticesReaction, claimPayoutReaction],
  templates: [claimUpdatedEmail],
  workers: [claimPayoutWorker],
};

import { CLAIM_ROOM, REIMBURSEMENT_EVENT_TYPES } from '@acpg/contracts/reimbursements';
import { CLAIM_UPDATED_MESSAGE, ClaimView } from '@acpg/contracts/reimbursements';
import { liveMessage } from '../../platform/realtime/messages.ts';
import type { Module } from '../../platform/module.ts';
import { claimantRoutes } from './claim/routes.ts';
import { adminClaimRoutes } from './claims/admin-routes.ts';
import { claimsProjection } from './claims/projection.ts';
import { mayFollowClaim } from './claims/room.ts';
import { claimRoutes } from './claims/routes.ts';
import { claimNoticesReaction } from './notices/reaction.ts';
import { claimUpdatedEmail } from './notices/template.ts';
import { claimPayoutReaction, claimPayoutWorker } from './payout/reaction.ts';
import { ACCOUNT_CONTACT_EVENTS } from '@acpg/contracts/identity';
import { PROPERTY_VERIFIED } from '@acpg/contracts/properties';
import { accountContactsCopy } from '../../platform/local-copies/account-contacts.ts';
import { verifiedPropertiesCopy } from '../../platform/local-copies/verified-properties.ts';

/**
 * Property reimbursement claims (DECISIONS.md "Reimbursement lifecycle"): a member files a claim with documents for a
 * property they verified; Super Admins review, ask for more information, approve or reject it, and pay it out.
 * Payout: the payments module reads `ReimbursementPayoutRequested` and records `PayoutRecorded`, which marks the claim
 * paid here (payout/). Every status change emails the claimant (notices/).
 */
export const reimbursementModule: Module = {
  name: 'reimbursement',
  eventTypes: REIMBURSEMENT_EVENT_TYPES,
  routes: (platform) => async (app) => {
    await app.register(claimantRoutes(platform));
    await app.register(claimRoutes(platform));
    await app.register(adminClaimRoutes(platform));
  },
  projections: [claimsProjection, verifiedPropertiesCopy('reimbursement'), accountContactsCopy('reimbursement')],
  consumes: ['PayoutRecorded', PROPERTY_VERIFIED, ...ACCOUNT_CONTACT_EVENTS],
  pushes: [liveMessage({ name: CLAIM_UPDATED_MESSAGE, summary: 'A reimbursement claim moved on (review, more information, decision, payout)', payload: ClaimView, rooms: [`${CLAIM_ROOM}:{id}`, 'account:{id}', 'role:Super Admin'] })],
  rooms: { [CLAIM_ROOM]: mayFollowClaim },
  reactions: [claimNoticesReaction, claimPayoutReaction],
  templates: [claimUpdatedEmail],
  workers: [claimPayoutWorker],
};

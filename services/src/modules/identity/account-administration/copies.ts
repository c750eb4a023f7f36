import { MEMBERSHIP_TERM_EVENTS, nextMembershipTerm, type MembershipTerm } from '@acpg/contracts/memberships';
import { NHD_ORDER_SUMMARY_EVENTS, nextNhdOrderSummary, type NhdOrderSummary } from '@acpg/contracts/nhd';
import { CLAIM_SUMMARY_EVENTS, nextClaimSummary, type ClaimSummary } from '@acpg/contracts/reimbursement';
import { idField, localCopy } from '../../../platform/local-copies/define.ts';

/** Identity's copy of each membership (plan, status, start and end), from memberships' contract events. */
export const membershipsCopy = localCopy<MembershipTerm>({
  module: 'identity',
  of: 'memberships',
  source: 'memberships',
  events: MEMBERSHIP_TERM_EVENTS,
  idOf: idField('membership_id'),
  next: nextMembershipTerm,
  indexes: ['account_id'],
});

/** Identity's copy of each NHD order's summary, from the nhd module's contract events. */
export const nhdOrdersCopy = localCopy<NhdOrderSummary>({
  module: 'identity',
  of: 'nhd_orders',
  source: 'nhd',
  events: NHD_ORDER_SUMMARY_EVENTS,
  idOf: idField('order_id'),
  next: nextNhdOrderSummary,
  indexes: ['account_id'],
});

/** Identity's copy of each reimbursement claim's summary, from the reimbursement module's contract events. */
export const claimsCopy = localCopy<ClaimSummary>({
  module: 'identity',
  of: 'claims',
  source: 'reimbursement',
  events: CLAIM_SUMMARY_EVENTS,
  idOf: idField('claim_id'),
  next: nextClaimSummary,
  indexes: ['account_id'],
});

export const ACCOUNT_ADMINISTRATION_COPIES = [membershipsCopy, nhdOrdersCopy, claimsCopy];

/** Every contract event the copies read (identity's `consumes`). */
export const ACCOUNT_ADMINISTRATION_CONSUMES = [...new Set([...MEMBERSHIP_TERM_EVENTS, ...NHD_ORDER_SUMMARY_EVENTS, ...CLAIM_SUMMARY_EVENTS])];

import { MEMBERSHIP_STANDING_EVENTS, nextMembershipStanding, type MembershipStanding } from '@acpg/contracts/memberships';
import { idField, localCopy } from '../../../platform/local-copies/define.ts';

/** Equity's copy of each membership's plan and status (the memberships module's contract events): is Equity Protect included? */
export const membershipsCopy = localCopy<MembershipStanding>({
  module: 'equity',
  of: 'memberships',
  source: 'memberships',
  events: MEMBERSHIP_STANDING_EVENTS,
  idOf: idField('membership_id'),
  next: nextMembershipStanding,
  indexes: ['account_id'],
});

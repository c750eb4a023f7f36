import { MEMBERSHIP_STANDING_EVENTS, nextMembershipStanding, type MembershipStanding } from '@acpg/contracts/memberships';
import { localCopy } from '../../../platform/local-copies/define.ts';

/** Equity's copy of each membership's plan and status (the memberships module's contract events): is Equity Protect included? */
export const membershipsCopy = localCopy<MembershipStanding>({
  module: 'equity',
  of: 'memberships',
  source: 'memberships',
  events: MEMBERSHIP_STANDING_EVENTS,
  idOf: (data) => {
    const id = (data as { membership_id?: unknown } | null)?.membership_id;
    return typeof id === 'string' ? id : null;
  },
  next: nextMembershipStanding,
  indexes: ['account_id'],
});

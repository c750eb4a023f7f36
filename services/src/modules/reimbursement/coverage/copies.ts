import { MEMBERSHIP_TERM_EVENTS, nextMembershipTerm, type MembershipTerm } from '@acpg/contracts/memberships';
import { nextPlanHistory, PLAN_HISTORY_EVENTS, type PlanHistory } from '@acpg/contracts/plans';
import { idField, localCopy } from '../../../platform/local-copies/define.ts';

/** The reimbursement module's copy of each membership's term (plan, start, trial, status), from memberships' contract events. */
export const membershipTermsCopy = localCopy<MembershipTerm>({
  module: 'reimbursement',
  of: 'memberships',
  source: 'memberships',
  events: MEMBERSHIP_TERM_EVENTS,
  idOf: idField('membership_id'),
  next: nextMembershipTerm,
  indexes: ['account_id'],
});

/** The reimbursement module's copy of each plan's definitions (its coverage terms), from plans' contract events. */
export const planTermsCopy = localCopy<PlanHistory>({ module: 'reimbursement', of: 'plans', source: 'plans', events: PLAN_HISTORY_EVENTS, idOf: idField('plan_id'), next: nextPlanHistory });

/** Every contract event the copies read (the module's `consumes`). */
export const COVERAGE_CONSUMES = [...new Set([...MEMBERSHIP_TERM_EVENTS, ...PLAN_HISTORY_EVENTS])];

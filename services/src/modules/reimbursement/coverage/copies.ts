import { MembershipRenewed, MEMBERSHIP_TERM_EVENTS, nextMembershipTerm } from '@acpg/contracts/memberships';
import { nextPlanHistory, PLAN_HISTORY_EVENTS, type PlanHistory } from '@acpg/contracts/plans';
import { idField, localCopy, type ContractEvent } from '../../../platform/local-copies/define.ts';
import type { MembershipCover } from './rules.ts';

/** The memberships module's fold, plus the stretches of the membership (its start, then each renewal, on the plan it renewed as). */
export const nextMembershipCover = (copy: MembershipCover | null, event: ContractEvent): MembershipCover | null => {
  const term = nextMembershipTerm(copy, event);
  if (!term) return term;
  const periods = copy?.periods ?? [{ from: term.started_at, plan_id: term.plan_id, plan_name: term.plan_name, why: 'start' as const }];
  const renewed = event.type === 'MembershipRenewed' && term !== copy ? MembershipRenewed.safeParse(event.data) : null;
  if (!renewed?.success || periods.some((p) => p.why === 'renewal' && p.from === renewed.data.period_start)) return { ...term, periods };
  return { ...term, periods: [...periods, { from: renewed.data.period_start, plan_id: renewed.data.plan_id, plan_name: renewed.data.plan_name, why: 'renewal' }] };
};

/** The reimbursement module's copy of each membership's term (plan, start, trial, status) and stretches, from memberships' contract events. */
export const membershipTermsCopy = localCopy<MembershipCover>({
  module: 'reimbursement',
  of: 'memberships',
  source: 'memberships',
  events: MEMBERSHIP_TERM_EVENTS,
  idOf: idField('membership_id'),
  next: nextMembershipCover,
  indexes: ['account_id'],
});

/** The reimbursement module's copy of each plan's definitions (its coverage terms), from plans' contract events. */
export const planTermsCopy = localCopy<PlanHistory>({ module: 'reimbursement', of: 'plans', source: 'plans', events: PLAN_HISTORY_EVENTS, idOf: idField('plan_id'), next: nextPlanHistory });

/** Every contract event the copies read (the module's `consumes`). */
export const COVERAGE_CONSUMES = [...new Set([...MEMBERSHIP_TERM_EVENTS, ...PLAN_HISTORY_EVENTS])];

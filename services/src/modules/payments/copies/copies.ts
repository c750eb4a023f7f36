import { EQUITY_ENROLMENT_PAYABLE_EVENTS, NHD_ORDER_PAYABLE_EVENTS, nextEnrolmentPayable, nextNhdOrderPayable, type Payable } from '@acpg/contracts/payables';
import { ACCOUNT_CONTACT_EVENTS } from '@acpg/contracts/identity';
import { MEMBERSHIP_STANDING_EVENTS, nextMembershipStanding, type MembershipStanding } from '@acpg/contracts/memberships';
import { CLAIM_NUMBER_EVENTS, nextClaimNumber, type ClaimNumber } from '@acpg/contracts/reimbursement';
import { latestPlanOf, nextPlanHistory, planAsOfIn, PLAN_HISTORY_EVENTS, type PlanDefined, type PlanHistory } from '@acpg/contracts/plans';
import type { Platform } from '../../../platform/module.ts';
import { accountContactsCopy } from '../../../platform/local-copies/account-contacts.ts';
import { copyOf, idField, localCopy } from '../../../platform/local-copies/define.ts';
import { readCopy, readCopyOrWait } from '../../../platform/local-copies/read-copy.ts';
import { SIGN_UP_STEPS_CONSUMES, signUpStepsCopies } from '../../../platform/local-copies/sign-up-steps.ts';
import { accountTimeZonesCopy } from '../../../platform/local-copies/account-time-zones.ts';
import { ACCOUNT_TIME_ZONE_EVENTS } from '@acpg/contracts/time-zones';

/**
 * What payments keeps of other modules, from their contract events (never their streams or read models): what each
 * seller offers to be paid (`Payable`, folded by the seller's published rule), the plans as defined over time, whether a
 * membership still runs, the payer's name and email, and the payer's sign-up steps (a membership needs some first).
 */
const nhdOrderPayables = localCopy<Payable>({ module: 'payments', of: 'nhd_order_payables', source: 'nhd', events: NHD_ORDER_PAYABLE_EVENTS, idOf: idField('order_id'), next: nextNhdOrderPayable });
const enrolmentPayables = localCopy<Payable>({ module: 'payments', of: 'enrolment_payables', source: 'equity', events: EQUITY_ENROLMENT_PAYABLE_EVENTS, idOf: idField('enrolment_id'), next: nextEnrolmentPayable });
const plans = localCopy<PlanHistory>({ module: 'payments', of: 'plans', source: 'plans', events: PLAN_HISTORY_EVENTS, idOf: idField('plan_id'), next: nextPlanHistory });
const memberships = localCopy<MembershipStanding>({ module: 'payments', of: 'memberships', source: 'memberships', events: MEMBERSHIP_STANDING_EVENTS, idOf: idField('membership_id'), next: nextMembershipStanding });
const claimNumbers = localCopy<ClaimNumber>({ module: 'payments', of: 'claim_numbers', source: 'reimbursement', events: CLAIM_NUMBER_EVENTS, idOf: idField('claim_id'), next: nextClaimNumber });

export const paymentsCopies = [nhdOrderPayables, enrolmentPayables, plans, memberships, claimNumbers, accountContactsCopy('payments'), accountTimeZonesCopy('payments'), ...signUpStepsCopies('payments')];
export const PAYMENTS_CONSUMES = [...NHD_ORDER_PAYABLE_EVENTS, ...EQUITY_ENROLMENT_PAYABLE_EVENTS, ...PLAN_HISTORY_EVENTS, ...MEMBERSHIP_STANDING_EVENTS, ...ACCOUNT_CONTACT_EVENTS, ...CLAIM_NUMBER_EVENTS, ...SIGN_UP_STEPS_CONSUMES, ...ACCOUNT_TIME_ZONE_EVENTS];

type Reader = Pick<Platform, 'documents' | 'caughtUp'>;

/** An order or enrollment as its seller offers it to be paid (the copy caught up with the log first), or null. */
export const payableOf = async (platform: Reader, kind: 'nhd_order' | 'enrolment', id: string): Promise<Payable | null> => {
  // An order or enrollment placed a moment ago, its copy behind: "try again in a moment", not "place it again".
  const doc = await readCopyOrWait(platform, kind === 'nhd_order' ? nhdOrderPayables : enrolmentPayables, id);
  return doc ? (copyOf(doc) as unknown as Payable) : null;
};

const planHistory = async (platform: Reader, planId: string): Promise<PlanHistory | null> => {
  if (planId === '') return null; // an order or an enrollment: no plan
  const doc = await readCopy(platform, plans, planId);
  return doc ? (copyOf(doc) as unknown as PlanHistory) : null;
};

/** A plan as the plans module last defined it, or null. */
export const planById = async (platform: Reader, planId: string): Promise<PlanDefined | null> => {
  const history = await planHistory(platform, planId);
  return history ? latestPlanOf(history) : null;
};

/** The plan's definition in force at `at`, or null. */
export const planAsOf = async (platform: Reader, planId: string, at: string): Promise<PlanDefined | null> => {
  const history = await planHistory(platform, planId);
  return history ? planAsOfIn(history, at) : null;
};

/** Whether the membership has ended: its `MembershipCancelled` reached payments' copy. */
export const membershipEnded = async (platform: Reader, membershipId: string): Promise<boolean> =>
  (await readCopy(platform, memberships, membershipId))?.status === 'cancelled';

/** The membership as payments' copy holds it (whose, which plan, its status), or null. */
export const membershipStandingOf = async (platform: Reader, membershipId: string): Promise<MembershipStanding | null> => {
  const doc = await readCopy(platform, memberships, membershipId);
  return doc ? (copyOf(doc) as unknown as MembershipStanding) : null;
};

/** A reimbursement claim's short number (CLM-100001) as payments' copy holds it (caught up first), or null. */
export const claimNumberOf = async (platform: Reader, claimId: string): Promise<string | null> => {
  const doc = await readCopy(platform, claimNumbers, claimId);
  return typeof doc?.number === 'string' ? doc.number : null;
};

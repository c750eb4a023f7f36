import { CLAIM_CATEGORY_LABELS, coveredInWords, type ClaimCategory, type PlanCoverage } from '@acpg/contracts/coverage';
import type { MembershipTerm } from '@acpg/contracts/memberships';
import type { ClaimFlag, ClaimStatus, CoverageMembership } from '@acpg/contracts/reimbursement';
import { DomainError } from '../../../platform/commands/domain-error.ts';

/**
 * Whether a claim follows its membership's coverage (DECISIONS.md "Claims follow coverage"). Pure: the membership, the
 * plan's terms and the year's claims are read by the caller. What the terms settle is refused with the reason on the
 * field (no membership, an expense before it or in the waiting period, a kind not covered, over a limit); what needs
 * judgement is filed with a flag for the reviewer (an expense in the free trial, a past-due membership, open claims
 * that together would pass the year's limit, a property verified by several accounts).
 */

const DAY_MS = 86_400_000;
const dayOf = (iso: string) => iso.slice(0, 10);
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
const addYears = (day: string, years: number) => {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
};
const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** MM-DD-YYYY, the spec's date format. */
const shown = (day: string) => `${day.slice(5, 7)}-${day.slice(8, 10)}-${day.slice(0, 4)}`;

/** The membership year holding `day`: from the start day, a year at a time (`to` exclusive). A day before the start is in the first year. */
export const membershipYear = (startedAt: string, day: string): { from: string; to: string } => {
  const start = dayOf(startedAt);
  let years = Math.max(0, Number(day.slice(0, 4)) - Number(start.slice(0, 4)) - 1);
  while (addYears(start, years + 1) <= day) years += 1;
  return { from: addYears(start, years), to: addYears(start, years + 1) };
};

/** The membership as a claim's coverage shows it: a trial that ended reads `active`; the first covered day. */
export const coverageMembership = (term: MembershipTerm, terms: PlanCoverage, now: Date): CoverageMembership => ({
  membership_id: term.membership_id,
  plan_id: term.plan_id,
  plan_name: term.plan_name,
  status: term.status === 'trialing' && term.trial_ends_at !== null && term.trial_ends_at <= now.toISOString() ? 'active' : term.status,
  started_at: term.started_at,
  trial_ends_at: term.trial_ends_at,
  covered_from: addDays(dayOf(term.started_at), terms.waiting_period_days),
});

/** The membership a claim filed now is covered by: the latest that still runs (null when none does). */
export const runningMembership = (terms: readonly MembershipTerm[]): MembershipTerm | null =>
  [...terms].filter((t) => t.status !== 'cancelled').sort((a, b) => b.started_at.localeCompare(a.started_at))[0] ?? null;

/** A claim of the same account as the year's sum counts it. */
export interface YearClaim {
  claim_id: string;
  status: ClaimStatus;
  amount_cents: number;
  approved_amount_cents: number | null;
  expense_date: string;
}

/** What the year's limit has paid (approved or paid claims) and what open claims ask for, `except` one claim. */
export const yearUsage = (claims: readonly YearClaim[], year: { from: string; to: string }, except?: string) => {
  let used = 0;
  let pending = 0;
  for (const c of claims) {
    if (c.claim_id === except || c.expense_date < year.from || c.expense_date >= year.to) continue;
    if (c.status === 'approved' || c.status === 'paid') used += c.approved_amount_cents ?? 0;
    else if (c.status !== 'rejected') pending += c.amount_cents;
  }
  return { used_cents: used, pending_cents: pending };
};

const refuse = (code: string, path: string | null, message: string) => new DomainError('invalid', code, message, path ? [{ path, message }] : undefined);

export interface ClaimToCheck {
  category: ClaimCategory;
  amount_cents: number;
  expense_date: string;
}

export interface CoverageFacts {
  /** The claimant's running membership (null: none). */
  membership: MembershipTerm | null;
  /** Its plan's terms; null when the plan is not known here (the defaults apply, flagged). */
  terms: PlanCoverage | null;
  defaults: PlanCoverage;
  /** The claimant's other claims (any year). */
  claims: readonly YearClaim[];
  /** How many accounts verified the claim's property. */
  propertyAccounts: number;
  now: Date;
}

/**
 * The flags a claim is filed with, or a `DomainError` with the reason on the field. Order: the membership, the dates,
 * the kind of expense, then the limits, so the first thing to fix is named first.
 */
export const checkClaimCoverage = (claim: ClaimToCheck, facts: CoverageFacts): ClaimFlag[] => {
  const { membership } = facts;
  if (!membership) {
    throw refuse('NO_ACTIVE_MEMBERSHIP', null, 'Claims are paid for members: you have no running membership. Choose a plan first, then file the claim.');
  }
  const terms = facts.terms ?? facts.defaults;
  const flags: ClaimFlag[] = [];
  if (!facts.terms) flags.push({ code: 'plan_terms_unknown', message: `The plan ${membership.plan_id} is not known here, so the default coverage terms were applied.` });
  const start = dayOf(membership.started_at);
  if (claim.expense_date < start) {
    throw refuse('EXPENSE_BEFORE_MEMBERSHIP', 'expense_date', `This expense is dated before your membership started on ${shown(start)}. Only expenses from that day on are covered.`);
  }
  const coveredFrom = addDays(start, terms.waiting_period_days);
  if (claim.expense_date < coveredFrom) {
    throw refuse(
      'EXPENSE_IN_WAITING_PERIOD',
      'expense_date',
      `Your plan covers expenses from ${terms.waiting_period_days} days after your membership starts, that is from ${shown(coveredFrom)}. This expense is dated in that waiting period.`,
    );
  }
  if (!terms.covered_categories.includes(claim.category)) {
    throw refuse('CATEGORY_NOT_COVERED', 'category', `Your ${membership.plan_name} plan does not cover ${CLAIM_CATEGORY_LABELS[claim.category].toLowerCase()}. It covers ${coveredInWords(terms.covered_categories).toLowerCase()}.`);
  }
  if (claim.amount_cents > terms.per_claim_limit_cents) {
    throw refuse('OVER_CLAIM_LIMIT', 'amount_cents', `Your plan pays at most ${usd(terms.per_claim_limit_cents)} for one claim. Claim at most that amount.`);
  }
  const year = membershipYear(membership.started_at, claim.expense_date);
  const usage = yearUsage(facts.claims, year);
  const left = Math.max(0, terms.annual_limit_cents - usage.used_cents);
  if (claim.amount_cents > left) {
    throw refuse(
      'OVER_YEAR_LIMIT',
      'amount_cents',
      left === 0
        ? `Your plan's limit of ${usd(terms.annual_limit_cents)} for the membership year from ${shown(year.from)} is used up.`
        : `Your plan has ${usd(left)} left of its ${usd(terms.annual_limit_cents)} limit for the membership year from ${shown(year.from)}. Claim at most that amount.`,
    );
  }
  if (claim.amount_cents > left - usage.pending_cents) {
    flags.push({ code: 'pending_over_year_limit', message: `With the ${usd(usage.pending_cents)} of claims still open, this claim would pass the year's limit (${usd(left)} left).` });
  }
  if (membership.trial_ends_at && claim.expense_date < dayOf(membership.trial_ends_at)) {
    flags.push({ code: 'expense_in_trial', message: `The expense is dated in the free trial (until ${shown(dayOf(membership.trial_ends_at))}): no term was paid for yet.` });
  }
  if (membership.status === 'past_due') flags.push({ code: 'membership_past_due', message: 'The membership is past due: its last renewal was not paid.' });
  if (facts.propertyAccounts > 1) {
    flags.push({ code: 'property_shared', message: `The property is verified by ${facts.propertyAccounts} accounts. Check that this member holds it before paying.` });
  }
  return flags;
};

/** Refuses approving more than the year's limit has left (the claim itself not counted). */
export const checkApproval = (approvedCents: number, terms: PlanCoverage, usedCents: number, year: { from: string }) => {
  const left = Math.max(0, terms.annual_limit_cents - usedCents);
  if (approvedCents > left) {
    throw refuse(
      'OVER_YEAR_LIMIT',
      'approved_amount_cents',
      `Only ${usd(left)} is left of the plan's ${usd(terms.annual_limit_cents)} limit for the membership year from ${shown(year.from)}. Approve at most that amount.`,
    );
  }
};

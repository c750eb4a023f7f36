import { CLAIM_CATEGORY_LABELS, coveredInWords, type ClaimCategory, type PlanCoverage } from '@acpg/contracts/coverage';
import type { MembershipTerm } from '@acpg/contracts/memberships';
import type { ClaimFlag, ClaimStatus, CoverageMembership } from '@acpg/contracts/reimbursement';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { DEFAULT_TIME_ZONE, formatCents, formatDateUs } from '../../../platform/formatting/index.ts';

/**
 * Whether a claim follows its membership's coverage (DECISIONS.md "Claims follow coverage"). Pure: the membership, the
 * plan's terms and the year's claims are read by the caller. What the terms settle is refused with the reason on the
 * field (no membership, an expense before it or in the waiting period, a kind not covered, over a limit); what needs
 * judgement is filed with a flag for the reviewer (an expense in the free trial, a past-due membership, open claims
 * filed before the coverage ledger that together would pass the year's limit, a property verified by several accounts).
 * Open claims filed since reserve their amount in the ledger (`ledger/`), so the year's limit counts them.
 */

const DAY_MS = 86_400_000;
const dayOf = (iso: string) => iso.slice(0, 10);
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
const addYears = (day: string, years: number) => {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
};
const usd = formatCents;
/**
 * MM-DD-YYYY, the spec's date format, of a calendar day (YYYY-MM-DD: coverage counts in membership days, which no time
 * zone moves, so the zone given is only the formatter's required argument).
 */
const shown = (day: string) => formatDateUs(day, DEFAULT_TIME_ZONE);

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

/**
 * A stretch of a membership under one plan version: from its start, then from each renewal (a switch of plan takes
 * effect at a renewal). A claim is checked against the plan's terms as they were defined when the stretch holding
 * its expense began (CONTRIBUTING.md "Property reimbursement": which plan version): a later change of the plan's
 * terms applies from the member's next renewal, never to the term they paid for.
 */
export interface TermsPeriod {
  from: string;
  plan_id: string;
  plan_name: string;
  why: 'start' | 'renewal';
}
/** A membership as this module's copy holds it: its term and its stretches (absent on a copy built before they were kept). */
export type MembershipCover = MembershipTerm & { periods?: TermsPeriod[] };

/** The stretch holding `day` (the first one for a day before the start). */
export const periodOf = (m: MembershipCover, day: string): TermsPeriod => {
  const periods = m.periods?.length ? m.periods : [{ from: m.started_at, plan_id: m.plan_id, plan_name: m.plan_name, why: 'start' as const }];
  let found = periods[0] as TermsPeriod;
  for (const p of periods) if (dayOf(p.from) <= day) found = p;
  return found;
};

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

/** What a claim holds of the year's limit in the coverage ledger: its claimed amount while open, the approved one after. */
export type LimitStage = 'reserved' | 'approved';
export interface LedgerHolding {
  cents: number;
  stage: LimitStage;
}

/**
 * What the year's limit has paid (approved or paid claims), what open claims ask for, and how much of that the open
 * claims reserved in the coverage ledger (`ledger`, by claim: every claim filed since the ledger; `except` one claim).
 * A claim the ledger holds counts as the ledger says; one filed before it (not in `ledger`) as its status says.
 */
export const yearUsage = (claims: readonly YearClaim[], year: { from: string; to: string }, except?: string, ledger: Readonly<Record<string, LedgerHolding>> = {}) => {
  let used = 0;
  let pending = 0;
  let reserved = 0;
  for (const [id, h] of Object.entries(ledger)) {
    if (id === except) continue;
    if (h.stage === 'approved') used += h.cents;
    else reserved += h.cents;
  }
  for (const c of claims) {
    if (c.claim_id === except || c.claim_id in ledger || c.expense_date < year.from || c.expense_date >= year.to) continue;
    if (c.status === 'approved' || c.status === 'paid') used += c.approved_amount_cents ?? 0;
    else if (c.status !== 'rejected') pending += c.amount_cents;
  }
  return { used_cents: used, reserved_cents: reserved, pending_cents: pending };
};

/** The approved amounts of the year's claims filed before the coverage ledger (not in `ledger`), by claim. */
export const approvedOutside = (claims: readonly YearClaim[], year: { from: string; to: string }, ledger: Readonly<Record<string, LedgerHolding>>): Record<string, number> => {
  const outside: Record<string, number> = {};
  for (const c of claims) {
    if (c.claim_id in ledger || c.expense_date < year.from || c.expense_date >= year.to) continue;
    if (c.status === 'approved' || c.status === 'paid') outside[c.claim_id] = c.approved_amount_cents ?? 0;
  }
  return outside;
};

const refuse = (code: string, path: string | null, message: string) => new DomainError('invalid', code, message, path ? [{ path, message }] : undefined);

export interface ClaimToCheck {
  category: ClaimCategory;
  amount_cents: number;
  expense_date: string;
}

export interface CoverageFacts {
  /** The claimant's running membership (null: none). */
  membership: MembershipCover | null;
  /** Its plan's terms, as defined when the stretch holding the expense began; null when the plan is not known here (the defaults apply, flagged). */
  terms: PlanCoverage | null;
  defaults: PlanCoverage;
  /** The claimant's other claims (any year). */
  claims: readonly YearClaim[];
  /** The coverage ledger of the claim's membership year: what each claim filed since it holds (absent: empty). */
  ledger?: Readonly<Record<string, LedgerHolding>>;
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
  // Open claims reserve their amount (the ledger): a member never has more in flight than the year's limit has left.
  const usage = yearUsage(facts.claims, year, undefined, facts.ledger);
  const left = Math.max(0, terms.annual_limit_cents - usage.used_cents - usage.reserved_cents);
  if (claim.amount_cents > left) throw overYearLimit('reserved', left, terms.annual_limit_cents, year.from);
  // Claims filed before the ledger reserved nothing: with them, the reviewer is told.
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

/** The refusal of a claim (`reserved`, on filing) or an approval (`approved`) for more than the year's limit has `left`. */
export const overYearLimit = (stage: LimitStage, left: number, limitCents: number, yearFrom: string): DomainError => {
  if (stage === 'approved') {
    return refuse(
      'OVER_YEAR_LIMIT',
      'approved_amount_cents',
      `Only ${usd(left)} is left of the plan's ${usd(limitCents)} limit for the membership year from ${shown(yearFrom)}. Approve at most that amount.`,
    );
  }
  return refuse(
    'OVER_YEAR_LIMIT',
    'amount_cents',
    left === 0
      ? `Your plan's limit of ${usd(limitCents)} for the membership year from ${shown(yearFrom)} is used up or held by your open claims.`
      : `Your plan has ${usd(left)} left of its ${usd(limitCents)} limit for the membership year from ${shown(yearFrom)}, counting your open claims. Claim at most that amount.`,
  );
};

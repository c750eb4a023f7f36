import { z } from 'zod';

/**
 * What a membership plan covers (DECISIONS.md "Claims follow coverage"): the plans module keeps these terms on each plan
 * (`PlanDefined.coverage`), the reimbursement module checks every claim against them. Money is integer cents.
 */

/** The kinds of expense a claim is for; a plan covers some of them. */
export const CLAIM_CATEGORIES = ['title_fraud_legal_fees', 'hazard_damage_repair', 'inspection', 'emergency_repairs', 'other'] as const;
export const ClaimCategory = z.enum(CLAIM_CATEGORIES, { error: `category must be one of ${CLAIM_CATEGORIES.join(', ')}` });
export type ClaimCategory = z.infer<typeof ClaimCategory>;
export const CLAIM_CATEGORY_LABELS: Record<ClaimCategory, string> = {
  title_fraud_legal_fees: 'Title fraud legal fees',
  hazard_damage_repair: 'Hazard damage repair',
  inspection: 'Inspection',
  emergency_repairs: 'Emergency repairs',
  other: 'Other',
};

/** The most a coverage limit may be, cents ($100,000.00: the most one claim may ask for). */
export const MAX_COVERAGE_CENTS = 10_000_000;
export const MAX_WAITING_PERIOD_DAYS = 365;

const limit = (what: string) =>
  z
    .number({ error: `Enter the ${what} in cents` })
    .int(`The ${what} is a whole number of cents`)
    .min(100, `The ${what} is at least $1.00`)
    .max(MAX_COVERAGE_CENTS, `The ${what} is at most $100,000.00`);

/** A plan's coverage terms. */
export const PlanCoverage = z
  .object({
    /** Days after the membership starts before an expense is covered (DECISIONS.md: 30 by default). */
    waiting_period_days: z
      .number({ error: 'Enter the waiting period in days' })
      .int('The waiting period is a whole number of days')
      .min(0, 'The waiting period is 0 days or more')
      .max(MAX_WAITING_PERIOD_DAYS, `The waiting period is at most ${MAX_WAITING_PERIOD_DAYS} days`),
    /** The claim categories the plan pays for. */
    covered_categories: z
      .array(ClaimCategory, { error: 'Choose what the plan covers' })
      .min(1, 'Choose at least one kind of expense the plan covers')
      .refine((list) => new Set(list).size === list.length, 'Name each kind of expense once'),
    /** The most one claim is paid. */
    per_claim_limit_cents: limit('limit per claim'),
    /** The most all claims of one membership year are paid together. */
    annual_limit_cents: limit('limit per year'),
  })
  .refine((c) => c.per_claim_limit_cents <= c.annual_limit_cents, { message: 'The limit per claim is at most the limit per year', path: ['per_claim_limit_cents'] });
export type PlanCoverage = z.infer<typeof PlanCoverage>;

/** The terms of a plan defined before plans carried terms (and of a new plan defined without them). */
export const DEFAULT_PLAN_COVERAGE: PlanCoverage = {
  waiting_period_days: 30,
  covered_categories: ['hazard_damage_repair', 'inspection', 'emergency_repairs'],
  per_claim_limit_cents: 250_000,
  annual_limit_cents: 500_000,
};

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: cents % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;

/** The list of covered kinds in words ("Inspection, Hazard damage repair and Emergency repairs"). */
export const coveredInWords = (categories: readonly ClaimCategory[]): string => {
  const labels = categories.map((c) => CLAIM_CATEGORY_LABELS[c]);
  return labels.length <= 1 ? (labels[0] ?? 'nothing') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1) ?? ''}`;
};

/** One line a member reads where a plan is chosen, after "What it covers:": the kinds, up to how much, from when. */
export const coverageInWords = (c: PlanCoverage): string => {
  const kinds = coveredInWords(c.covered_categories);
  return (
    `${kinds.charAt(0)}${kinds.slice(1).toLowerCase()}, up to ${dollars(c.per_claim_limit_cents)} a claim and ${dollars(c.annual_limit_cents)} a year` +
    (c.waiting_period_days > 0 ? `, for expenses from ${c.waiting_period_days} days after the membership starts.` : ', from the day the membership starts.')
  );
};

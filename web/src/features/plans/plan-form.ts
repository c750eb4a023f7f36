import { DEFAULT_PLAN_COVERAGE, MAX_COVERAGE_CENTS, MAX_WAITING_PERIOD_DAYS, type ClaimCategory } from '@acpg/contracts/coverage';
import type { CreatePlanBody, Plan, PlanName } from '@acpg/contracts/plans';

/** The plan form as typed: amounts in dollars. */
export interface PlanDraft {
  id: string;
  name: PlanName;
  /** `default`: sold at sign-up and checkout; `renewal`: the renewal price of its name. */
  kind: 'default' | 'renewal';
  is_active: boolean;
  amount: string;
  setup_fees: string;
  recording_fees: string;
  trial_months: string;
  /** Coverage terms: days of waiting, the covered kinds of expense, limits in dollars. */
  waiting_period_days: string;
  covered_categories: ClaimCategory[];
  per_claim_limit: string;
  annual_limit: string;
}
export type PlanDraftErrors = Partial<Record<keyof PlanDraft, string>>;

const dollars = (cents: number) => (cents / 100).toFixed(2);
const coverageDraft = (c = DEFAULT_PLAN_COVERAGE) => ({
  waiting_period_days: String(c.waiting_period_days),
  covered_categories: [...c.covered_categories],
  per_claim_limit: dollars(c.per_claim_limit_cents),
  annual_limit: dollars(c.annual_limit_cents),
});

export const emptyPlanDraft = (): PlanDraft => ({ id: '', name: 'Monthly', kind: 'default', is_active: false, amount: '', setup_fees: '0', recording_fees: '0', trial_months: '0', ...coverageDraft() });

export const planDraftOf = (p: Plan): PlanDraft => ({
  id: p.id,
  name: p.name,
  kind: p.is_default ? 'default' : 'renewal',
  is_active: p.is_active,
  amount: dollars(p.amount),
  setup_fees: dollars(p.additional_charges['setup fees']),
  recording_fees: dollars(p.additional_charges.recording_fees),
  trial_months: String(p.trial_period.month),
  ...coverageDraft(p.coverage),
});

const MAX_CENTS = 99_999_999;
const cents = (text: string, label: string, key: keyof PlanDraft, errors: PlanDraftErrors): number => {
  const t = text.trim().replace(/^\$/, '').replaceAll(',', '');
  if (!/^\d+(\.\d{1,2})?$/.test(t) || Math.round(Number(t) * 100) > MAX_CENTS) {
    errors[key] = `Enter ${label} in dollars, like 19.95 (at most $999,999.99).`;
    return 0;
  }
  return Math.round(Number(t) * 100);
};
const limitCents = (text: string, label: string, key: keyof PlanDraft, errors: PlanDraftErrors): number => {
  const t = text.trim().replace(/^\$/, '').replaceAll(',', '');
  const value = /^\d+(\.\d{1,2})?$/.test(t) ? Math.round(Number(t) * 100) : NaN;
  if (!(value >= 100 && value <= MAX_COVERAGE_CENTS)) {
    errors[key] = `Enter ${label} in dollars, from 1.00 to 100,000.00.`;
    return 0;
  }
  return value;
};

/** The request body from the form, or the message of each field to fix (the server checks again). */
export function planBodyOf(draft: PlanDraft): { ok: true; body: CreatePlanBody } | { ok: false; errors: PlanDraftErrors } {
  const errors: PlanDraftErrors = {};
  const id = draft.id.trim();
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(id)) errors.id = 'Use lower-case letters, digits and hyphens (at most 63), like monthly-2027.';
  const amount = cents(draft.amount, 'the price', 'amount', errors);
  const setup = cents(draft.setup_fees, 'the setup fee', 'setup_fees', errors);
  const recording = cents(draft.recording_fees, 'the recording fee', 'recording_fees', errors);
  const trial = draft.trial_months.trim();
  if (!/^\d+$/.test(trial) || Number(trial) > 24) errors.trial_months = 'Enter the free months, 0 to 24.';
  const waiting = draft.waiting_period_days.trim();
  if (!/^\d+$/.test(waiting) || Number(waiting) > MAX_WAITING_PERIOD_DAYS) errors.waiting_period_days = `Enter the waiting period in days, 0 to ${MAX_WAITING_PERIOD_DAYS}.`;
  if (draft.covered_categories.length === 0) errors.covered_categories = 'Choose at least one kind of expense the plan covers.';
  const perClaim = limitCents(draft.per_claim_limit, 'the limit per claim', 'per_claim_limit', errors);
  const annual = limitCents(draft.annual_limit, 'the limit per year', 'annual_limit', errors);
  if (!errors.per_claim_limit && !errors.annual_limit && perClaim > annual) errors.per_claim_limit = 'The limit per claim is at most the limit per year.';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      id,
      name: draft.name,
      is_default: draft.kind === 'default',
      is_active: draft.is_active,
      amount,
      additional_charges: { recording_fees: recording, 'setup fees': setup },
      trial_period: { month: Number(trial) },
      coverage: { waiting_period_days: Number(waiting), covered_categories: [...new Set(draft.covered_categories)], per_claim_limit_cents: perClaim, annual_limit_cents: annual },
    },
  };
}

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
}
export type PlanDraftErrors = Partial<Record<keyof PlanDraft, string>>;

export const emptyPlanDraft = (): PlanDraft => ({ id: '', name: 'Monthly', kind: 'default', is_active: false, amount: '', setup_fees: '0', recording_fees: '0', trial_months: '0' });

const dollars = (cents: number) => (cents / 100).toFixed(2);
export const planDraftOf = (p: Plan): PlanDraft => ({
  id: p.id,
  name: p.name,
  kind: p.is_default ? 'default' : 'renewal',
  is_active: p.is_active,
  amount: dollars(p.amount),
  setup_fees: dollars(p.additional_charges['setup fees']),
  recording_fees: dollars(p.additional_charges.recording_fees),
  trial_months: String(p.trial_period.month),
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
    },
  };
}

import type { CreatePromoCodeBody, DiscountKind, PromoCodeView } from '@acpg/contracts/promo-codes';

/** The promo code form as typed: days are the admin's local calendar days; the discount amount is in dollars. */
export interface PromoDraft {
  code: string;
  discount_kind: DiscountKind;
  /** Percent (whole number) or dollars (up to cents). */
  discount_value: string;
  plan_ids: string[];
  /** YYYY-MM-DD, the first day the code works. */
  valid_from: string;
  /** YYYY-MM-DD, the last day it works; empty: no end. */
  valid_to: string;
  max_redemptions: string;
  max_per_account: string;
}

export type DraftErrors = Partial<Record<keyof PromoDraft, string>>;

const DAY_MS = 24 * 60 * 60 * 1000;
const pad = (n: number) => String(n).padStart(2, '0');
/** A local calendar day of an instant. */
export const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const startOfLocalDay = (day: string) => new Date(`${day}T00:00:00`);

export const emptyDraft = (today: Date): PromoDraft => ({
  code: '',
  discount_kind: 'percent',
  discount_value: '',
  plan_ids: [],
  valid_from: localDay(today),
  valid_to: '',
  max_redemptions: '',
  max_per_account: '',
});

/** The form for an existing code: valid_to (exclusive instant) shows as the last day it works. */
export const draftOf = (v: PromoCodeView): PromoDraft => ({
  code: v.code,
  discount_kind: v.discount_kind,
  discount_value: v.discount_kind === 'percent' ? String(v.discount_value) : (v.discount_value / 100).toFixed(2),
  plan_ids: [...v.plan_ids],
  valid_from: localDay(new Date(v.valid_from)),
  valid_to: v.valid_to ? localDay(new Date(Date.parse(v.valid_to) - 1)) : '',
  max_redemptions: v.max_redemptions === null ? '' : String(v.max_redemptions),
  max_per_account: v.max_per_account === null ? '' : String(v.max_per_account),
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const limit = (text: string, label: string, errors: DraftErrors, key: keyof PromoDraft): number | null => {
  const t = text.trim();
  if (!t) return null;
  if (!/^\d+$/.test(t) || Number(t) < 1) {
    errors[key] = `${label} is a whole number of at least 1, or empty for no limit.`;
    return null;
  }
  return Number(t);
};

/** The request body from the form, or the message of each field to fix (the server checks again). */
export function bodyOf(draft: PromoDraft): { ok: true; body: CreatePromoCodeBody } | { ok: false; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const code = draft.code.trim().toUpperCase();
  if (!/^[A-Z0-9][A-Z0-9_-]{2,31}$/.test(code)) errors.code = 'Use 3 to 32 letters, digits, hyphens or underscores.';
  let value = 0;
  const v = draft.discount_value.trim();
  if (draft.discount_kind === 'percent') {
    if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > 100) errors.discount_value = 'Enter a whole percent from 1 to 100.';
    else value = Number(v);
  } else if (!/^\d+(\.\d{1,2})?$/.test(v) || Number(v) <= 0) errors.discount_value = 'Enter an amount in dollars, like 25 or 25.50.';
  else value = Math.round(Number(v) * 100);
  if (draft.plan_ids.length === 0) errors.plan_ids = 'Choose at least one plan.';
  if (!DAY.test(draft.valid_from)) errors.valid_from = 'Enter the first day the code works.';
  if (draft.valid_to && !DAY.test(draft.valid_to)) errors.valid_to = 'Enter the last day the code works, or leave it empty.';
  if (!errors.valid_from && draft.valid_to && !errors.valid_to && draft.valid_to < draft.valid_from) errors.valid_to = 'The last day must be on or after the first day.';
  const max_redemptions = limit(draft.max_redemptions, 'The total limit', errors, 'max_redemptions');
  const max_per_account = limit(draft.max_per_account, 'The per-account limit', errors, 'max_per_account');
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      code,
      discount_kind: draft.discount_kind,
      discount_value: value,
      plan_ids: draft.plan_ids,
      valid_from: startOfLocalDay(draft.valid_from).toISOString(),
      // Works through the whole last day: the end is the start of the next day.
      valid_to: draft.valid_to ? new Date(startOfLocalDay(draft.valid_to).getTime() + DAY_MS).toISOString() : null,
      max_redemptions,
      max_per_account,
    },
  };
}

import type { Beneficiary } from './api/sign-up.ts';

export const MAX_BENEFICIARIES = 10;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A row of the beneficiaries form, as typed. */
export interface BeneficiaryRow {
  key: number;
  full_name: string;
  relationship: string;
  email: string;
  share: string;
}

export interface RowErrors {
  full_name?: string;
  relationship?: string;
  email?: string;
  share?: string;
}

export const shareOf = (row: Pick<BeneficiaryRow, 'share'>): number => (/^\d{1,3}$/.test(row.share.trim()) ? Number(row.share.trim()) : NaN);

export function rowErrors(row: BeneficiaryRow): RowErrors {
  const errors: RowErrors = {};
  if (!row.full_name.trim()) errors.full_name = 'Enter the full name';
  if (!row.relationship.trim()) errors.relationship = 'Enter the relationship';
  if (row.email.trim() && !EMAIL.test(row.email.trim())) errors.email = 'Enter a valid email address, or leave it empty';
  const share = shareOf(row);
  if (!Number.isInteger(share) || share < 1 || share > 100) errors.share = 'Enter a whole percent from 1 to 100';
  return errors;
}

/** The total of the shares typed so far (rows without a valid share count 0). */
export const totalShare = (rows: readonly BeneficiaryRow[]): number => rows.reduce((sum, r) => sum + (Number.isInteger(shareOf(r)) ? shareOf(r) : 0), 0);

/** The body of PUT /sign-up/beneficiaries, or null while a row or the total is wrong. */
export function toBeneficiaries(rows: readonly BeneficiaryRow[]): Beneficiary[] | null {
  if (rows.length === 0 || rows.length > MAX_BENEFICIARIES) return null;
  if (rows.some((r) => Object.keys(rowErrors(r)).length > 0) || totalShare(rows) !== 100) return null;
  return rows.map((r) => ({
    full_name: r.full_name.trim(),
    relationship: r.relationship.trim(),
    ...(r.email.trim() ? { email: r.email.trim().toLowerCase() } : {}),
    share_percent: shareOf(r),
  }));
}

/** Shares split evenly, the rest to the first rows, so a new row keeps the total at 100. */
export function evenShares(count: number): string[] {
  const base = Math.floor(100 / count);
  return Array.from({ length: count }, (_, i) => String(base + (i < 100 - base * count ? 1 : 0)));
}

/**
 * The shares once one more person is added: while every share is still the even split the page made, an even split
 * again; once the person typed a share of their own, theirs are kept and the new person gets what is left (maybe 0).
 */
export function sharesWithOneMore(rows: readonly Pick<BeneficiaryRow, 'share'>[]): string[] {
  const current = rows.map((r) => r.share);
  if (JSON.stringify(current) === JSON.stringify(evenShares(rows.length))) return evenShares(rows.length + 1);
  return [...current, String(Math.max(0, 100 - totalShare(rows as readonly BeneficiaryRow[])))];
}

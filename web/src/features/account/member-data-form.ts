import type { z } from 'zod';

/** A refused body's messages by field path (`beneficiaries.0.full_name`, `pin`), the first message per path. */
export function issuesByPath(error: z.ZodError): Record<string, string> {
  const byPath: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    byPath[path] ??= issue.message;
  }
  return byPath;
}

/** A row of the beneficiaries editor, as typed (the share is text until sent). */
export interface BeneficiaryDraft {
  key: number;
  full_name: string;
  relationship: string;
  email: string;
  share: string;
}

let nextKey = 1;
export const beneficiaryDraft = (b?: { full_name: string; relationship: string; email?: string | undefined; share_percent: number }): BeneficiaryDraft => ({
  key: nextKey++,
  full_name: b?.full_name ?? '',
  relationship: b?.relationship ?? '',
  email: b?.email ?? '',
  share: b ? String(b.share_percent) : '',
});

/** The rows as the body's list: an empty email left out, a share that is not a whole number sent as NaN (refused). */
export const beneficiariesOf = (rows: readonly BeneficiaryDraft[]) =>
  rows.map((r) => ({
    full_name: r.full_name,
    relationship: r.relationship,
    ...(r.email.trim() ? { email: r.email.trim().toLowerCase() } : {}),
    share_percent: /^\d{1,3}$/.test(r.share.trim()) ? Number(r.share.trim()) : Number.NaN,
  }));

/** What the typed shares add up to (shares not yet a number count 0). */
export const sharesTotal = (rows: readonly BeneficiaryDraft[]) => beneficiariesOf(rows).reduce((sum, b) => sum + (Number.isNaN(b.share_percent) ? 0 : b.share_percent), 0);

import { CLAIM_CATEGORY_LABELS, coveredInWords } from '@acpg/contracts/coverage';
import type { ClaimCoverage } from '@acpg/contracts/reimbursement';
import { formatDateUs } from '../../lib/dates.ts';
import { formatCents } from '../../lib/money.ts';

const STATUS_WORDS: Record<NonNullable<ClaimCoverage['membership']>['status'], string> = {
  trialing: 'in its free trial',
  active: 'active',
  past_due: 'past due',
  cancelled: 'ended',
};

/** The day part of an ISO time, as the viewer reads it (MM-DD-YYYY). */
const day = (iso: string) => formatDateUs(new Date(iso));

/** What the member reads before filing: what the plan covers, from when, and what is left this year (null: no membership). */
export function coverageNotice(c: ClaimCoverage): string | null {
  if (!c.membership || !c.terms) return null;
  const m = c.membership;
  return (
    `Your ${m.plan_name} plan covers ${coveredInWords(c.terms.covered_categories).toLowerCase()}, for expenses from ${formatDateUs(m.covered_from)}` +
    ` (${c.terms.waiting_period_days} days after your membership started on ${day(m.started_at)}). It pays up to ${formatCents(c.terms.per_claim_limit_cents)} a claim;` +
    ` ${formatCents(c.left_cents)} is left of ${formatCents(c.terms.annual_limit_cents)} for this membership year.`
  );
}

/** Which version of the plan's terms the claim is checked against: as defined when the membership started or last renewed. */
function termsUsed(of: ClaimCoverage['terms_of']): string {
  if (!of) return "The plan's current terms";
  if (!of.known) return 'The default terms (the plan is not known)';
  return `The plan's terms as of ${day(of.from)}, ${of.why === 'start' ? 'when the membership started' : 'when the membership last renewed before the expense'}`;
}

/** The coverage facts a reviewer reads beside a claim, in order. */
export function coverageFacts(c: ClaimCoverage): [term: string, value: string][] {
  if (!c.membership || !c.terms) return [['Membership', 'None running: the claimant has no membership that covers this claim.']];
  const m = c.membership;
  const facts: [string, string][] = [
    ['Membership', `${m.plan_name}, ${STATUS_WORDS[m.status]}`],
    ['Plan', m.plan_id],
    ['Started', day(m.started_at)],
    ['Free trial', m.trial_ends_at ? `Until ${day(m.trial_ends_at)}` : 'None'],
    ['Terms used', termsUsed(c.terms_of)],
    ['Covered from', `${formatDateUs(m.covered_from)} (waiting period of ${c.terms.waiting_period_days} days)`],
    ['Covers', c.terms.covered_categories.map((k) => CLAIM_CATEGORY_LABELS[k]).join(', ')],
    ['Limit per claim', formatCents(c.terms.per_claim_limit_cents)],
  ];
  if (c.year) facts.push(['Membership year', `${formatDateUs(c.year.from)} to ${formatDateUs(c.year.to)}, limit ${formatCents(c.terms.annual_limit_cents)}`]);
  facts.push(['Used this year', formatCents(c.used_cents)], ['Left this year', formatCents(c.left_cents)]);
  if (c.pending_cents > 0) facts.push(['Other open claims', formatCents(c.pending_cents)]);
  if (c.property_accounts !== null) facts.push(['Accounts that verified the property', String(c.property_accounts)]);
  return facts;
}

import type { PlanName, PlanTerms } from '@acpg/contracts/plans';
import { formatDateUs } from './dates.ts';
import { formatCents } from './money.ts';

// What a membership plan costs, in the sentences shown wherever a plan is chosen or paid for (plan cards, the sign-up
// plan step, the payment form, the switch dialog): what is charged today, what next and when, and that it renews
// until cancelled. Built from `planTermsOf` (@acpg/contracts/plans), the same rule the server charges by.

const every = (terms: Pick<PlanTerms, 'term'>) => (terms.term === 'year' ? 'every year' : 'every month');

/** "Then $19.95 on 12-28-2026, and $19.95 every month until you cancel." */
export const nextChargeSentence = (terms: PlanTerms): string =>
  terms.next_charge_cents === terms.renewal_cents
    ? `Then ${formatCents(terms.renewal_cents)} on ${formatDateUs(terms.next_charge_at)} and ${every(terms)} after that, until you cancel.`
    : `Then ${formatCents(terms.next_charge_cents)} on ${formatDateUs(terms.next_charge_at)}, and ${formatCents(terms.renewal_cents)} ${every(terms)} after that, until you cancel.`;

/** "No charge for the membership itself until 12-28-2026 (1-month free trial)." or "Today's payment includes your first year." */
export const firstTermSentence = (terms: PlanTerms, trialMonths: number): string =>
  terms.first_term_today
    ? `Today's payment includes your first ${terms.term}.`
    : `${trialMonths}-month free trial: the membership itself is not charged until ${formatDateUs(terms.next_charge_at)}.`;

/**
 * The automatic-renewal disclosure shown next to Pay (California's automatic renewal law, Bus. & Prof. Code § 17602):
 * that it renews until cancelled, the price and how often, when the next charge is, and how to cancel.
 */
export const autoRenewalDisclosure = (name: PlanName, terms: PlanTerms): string =>
  `Automatic renewal: your ${name} membership renews automatically ${every(terms)} and is charged to this card until you cancel: ` +
  `${formatCents(terms.next_charge_cents)} on ${formatDateUs(terms.next_charge_at)}, then ${formatCents(terms.renewal_cents)} ${every(terms)}. ` +
  `Cancel any time before a renewal date under Membership, Manage, Cancel membership (or by contacting us); you keep your membership until the end of the term you paid for, and nothing more is charged.`;

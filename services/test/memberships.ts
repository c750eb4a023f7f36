import type { StartMembership } from '../src/modules/memberships/membership/decider.ts';

/** StartMembership's data: account a1 paid 64.00 for the Monthly plan (19.95, renewing at 24.95) with a month's trial, by visa 4242. */
export const startMembershipData = (over: Partial<StartMembership['data']> = {}): StartMembership['data'] => ({
  membership_id: 'm1',
  checkout_id: 'm1',
  account_id: 'a1',
  plan: { plan_id: 'monthly', name: 'Monthly', amount_cents: 1995, trial_months: 1 },
  renewal_amount_cents: 2495,
  paid_cents: 6400,
  paid_at: '2026-01-01T00:00:00.000Z',
  card_brand: 'visa',
  card_last4: '4242',
  ...over,
});

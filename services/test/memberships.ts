import type { MembershipStarted } from '@acpg/contracts/memberships';

/**
 * StartMembership's data: account a1 paid 64.00 for the Monthly plan (19.95, renewing at 24.95) with a month's trial, by
 * visa 4242; `over` changes any field. Typed by what it holds: a module's own types are for its own files only
 * (test/architecture), and StartMembership takes it as it is.
 */
export const startMembershipData = <Over extends object = Record<never, never>>(over: Over = {} as Over) => ({
  membership_id: 'm1',
  checkout_id: 'm1',
  account_id: 'a1',
  plan: { plan_id: 'monthly', name: 'Monthly' as 'Monthly' | 'Yearly', amount_cents: 1995, trial_months: 1 },
  renewal_amount_cents: 2495,
  paid_cents: 6400,
  paid_at: '2026-01-01T00:00:00.000Z',
  card_brand: 'visa' as const,
  card_last4: '4242',
  ...over,
});

/** The MembershipStarted the decider records for `startMembershipData()`: trialing for a month from the payment; `over` changes any field. */
export const membershipStartedData = (over: Partial<MembershipStarted> = {}): MembershipStarted => ({
  membership_id: 'm1',
  account_id: 'a1',
  plan_id: 'monthly',
  plan_name: 'Monthly',
  amount_cents: 1995,
  renewal_amount_cents: 2495,
  paid_cents: 6400,
  started_at: '2026-01-01T00:00:00.000Z',
  trial_ends_at: '2026-02-01T00:00:00.000Z',
  next_renewal_at: '2026-02-01T00:00:00.000Z',
  card_brand: 'visa',
  card_last4: '4242',
  status: 'trialing',
  checkout_id: 'm1',
  ...over,
});

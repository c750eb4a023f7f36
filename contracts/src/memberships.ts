import { z } from 'zod';
import { listQuery } from './http.ts';
import { CardBrand } from './payments.ts';
import { PlanName } from './plans.ts';

/** Memberships (issue 7, items 6 and 7). Money is integer cents (USD); times UTC ISO-8601. */

/**
 * `trialing` until `trial_ends_at`, then `active` (the list answers the status at the time it is read); `past_due`
 * after the renewal's last retry failed; `cancelled` when it ended (at the end of a period the member cancelled, or unpaid).
 */
export const MEMBERSHIP_STATUSES = ['trialing', 'active', 'past_due', 'cancelled'] as const;
export const MembershipStatus = z.enum(MEMBERSHIP_STATUSES);
export type MembershipStatus = z.infer<typeof MembershipStatus>;

/** Data of `MembershipStarted` (stream `memberships-membership-<membership id>`), after a `PaymentSucceeded`. */
export const MembershipStarted = z.object({
  membership_id: z.string(),
  account_id: z.string(),
  plan_id: z.string(),
  plan_name: PlanName,
  /** Price of the first term: charged at sign-up when there is no trial, else when the trial ends. */
  amount_cents: z.number().int().nonnegative(),
  /** Price of every later term (the plan name's renewal plan). */
  renewal_amount_cents: z.number().int().nonnegative(),
  /** What the checkout charged (fees, plus the first term when there is no trial). */
  paid_cents: z.number().int().nonnegative(),
  started_at: z.string(),
  /** Null when the plan has no trial. */
  trial_ends_at: z.string().nullable(),
  next_renewal_at: z.string(),
  card_brand: CardBrand,
  card_last4: z.string(),
  status: MembershipStatus,
  checkout_id: z.string(),
});
export type MembershipStarted = z.infer<typeof MembershipStarted>;

/** One item of `GET /api/v1/memberships/mine`. */
export const MembershipView = z.object({
  id: z.string(),
  account_id: z.string(),
  plan_id: z.string(),
  plan_name: PlanName,
  status: MembershipStatus,
  started_at: z.string(),
  trial_ends_at: z.string().nullable(),
  next_renewal_at: z.string(),
  amount_cents: z.number().int().nonnegative(),
  renewal_amount_cents: z.number().int().nonnegative(),
  paid_cents: z.number().int().nonnegative(),
  card_brand: CardBrand,
  card_last4: z.string(),
  /** The member cancelled: it ends at `next_renewal_at` unless resumed before. */
  cancel_at_period_end: z.boolean(),
  /** A switch to the other plan name, from the next renewal; null when none. */
  switch_to_plan_name: PlanName.nullable(),
  /** When it ended (status `cancelled`); null otherwise. */
  ended_at: z.string().nullable(),
  /** Stream version the row reflects (live views keep the higher of a read and a push). */
  version: z.number().int().nonnegative(),
  /** Global event-log position the row reflects. */
  position: z.number().int().nonnegative(),
});
export type MembershipView = z.infer<typeof MembershipView>;

export const MEMBERSHIP_SORT_FIELDS = ['started_at', 'next_renewal_at', 'plan_name'] as const;
/** Query of `GET /api/v1/memberships/mine`: page, page_size, sort, order (answers `data: { items, total, page, page_size }`). */
export const MyMembershipsQuery = listQuery({ sortFields: MEMBERSHIP_SORT_FIELDS, defaultSort: 'started_at' });
export type MyMembershipsQuery = z.infer<typeof MyMembershipsQuery>;

/**
 * socket.io message to the entity room `account:<account id>` after one of the account's memberships changed
 * (join with `useLive({ entity: 'account:<id>' })`).
 */
export const MEMBERSHIP_UPDATED_MESSAGE = 'membership.updated';
export const MembershipUpdated = MembershipView;
export type MembershipUpdated = z.infer<typeof MembershipUpdated>;

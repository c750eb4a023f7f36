import { z } from 'zod';
import { listQuery } from './http.ts';
import { CardBrand, RenewalOf } from './payments.ts';
import { PlanName } from './plans.ts';
import { MEMBERSHIP_SORT_FIELDS } from './sort-fields.ts';

export { MEMBERSHIP_SORT_FIELDS };

/** Memberships (issue 7, items 6 and 7). Money is integer cents (USD); times UTC ISO-8601. */

/**
 * `trialing` until `trial_ends_at`, then `active` (the list answers the status at the time it is read); `past_due`
 * after the renewal's last retry failed; `cancelled` when it ended (at the end of a period the member cancelled, or unpaid).
 */
export const MEMBERSHIP_STATUSES = ['trialing', 'active', 'past_due', 'cancelled'] as const;
export const MembershipStatus = z.enum(MEMBERSHIP_STATUSES);
export type MembershipStatus = z.infer<typeof MembershipStatus>;

/**
 * One membership, one stream; the membership's id is the id of the checkout that paid for it. Other modules read its
 * contract events there (payments: whether the membership a checkout bought has ended).
 */
export const membershipStream = (membershipId: string) => `memberships-membership-${membershipId}`;

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
  /** The card renewals charge (off-session). Absent on memberships started before issue 8. */
  payment_method_id: z.string().optional(),
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
  /** Price of the current term: the first term's until the first renewal, then what the last renewal charged. */
  amount_cents: z.number().int().nonnegative(),
  /** Price of every later term; in the list, after a renewal, what the last renewal charged (or the name's renewal price after a trial's first term). */
  renewal_amount_cents: z.number().int().nonnegative(),
  paid_cents: z.number().int().nonnegative(),
  /**
   * What is charged next, on `next_renewal_at` (the first term when a trial ends, else the plan name it renews as, a
   * switch included); null when nothing more will be charged (cancelled, or cancelling at the period end).
   */
  next_charge_cents: z.number().int().nonnegative().nullable().default(null),
  card_brand: CardBrand,
  card_last4: z.string(),
  /** The member cancelled: it ends at `next_renewal_at` unless resumed before. */
  cancel_at_period_end: z.boolean(),
  /** A switch to the other plan name, from the next renewal; null when none. */
  switch_to_plan_name: PlanName.nullable(),
  /** When it ended (status `cancelled`); null otherwise. */
  ended_at: z.string().nullable(),
  /** A renewal try failed: when the next one is (null when none is scheduled). */
  next_retry_at: z.string().nullable().default(null),
  /** Past due: when it is cancelled unless paid; null otherwise. */
  cancels_at: z.string().nullable().default(null),
  /** Stream version the row reflects (live views keep the higher of a read and a push). */
  version: z.number().int().nonnegative(),
  /** Global event-log position the row reflects. */
  position: z.number().int().nonnegative(),
});
export type MembershipView = z.infer<typeof MembershipView>;

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

// ---- Issue 8: self-service (cancel, resume, switch, card) and renewals with dunning ----

/** Where a renewal stands: charged on the renewal date, retried on day 3 and day 7, then past due, then cancelled. */
export const DUNNING_RETRY_DAYS = [0, 3, 7] as const;
/** Days between past due (the third failure) and the end of an unpaid membership. */
export const PAST_DUE_CANCEL_DAYS = 7;

/** Data of `MembershipCancellationRequested`: it ends at `ends_at` (the end of the paid period) unless resumed before. */
export const MembershipCancellationRequested = z.object({
  membership_id: z.string(),
  account_id: z.string(),
  ends_at: z.string(),
  requested_at: z.string(),
});
export type MembershipCancellationRequested = z.infer<typeof MembershipCancellationRequested>;

/** Data of `MembershipResumed`: a cancellation withdrawn before the period ended. */
export const MembershipResumed = z.object({ membership_id: z.string(), account_id: z.string(), resumed_at: z.string() });
export type MembershipResumed = z.infer<typeof MembershipResumed>;

/** Data of `MembershipPlanSwitchScheduled`: from `effective_at` (the next renewal) it renews as `to_plan_name`; null withdraws a switch. */
export const MembershipPlanSwitchScheduled = z.object({
  membership_id: z.string(),
  account_id: z.string(),
  from_plan_name: PlanName,
  to_plan_name: PlanName.nullable(),
  effective_at: z.string(),
  scheduled_at: z.string(),
  /** The price of every term from `effective_at` (the plan name it renews as, at the switch's time); absent in older events. */
  renewal_amount_cents: z.number().int().nonnegative().optional(),
});
export type MembershipPlanSwitchScheduled = z.infer<typeof MembershipPlanSwitchScheduled>;

/** Data of `MembershipCardUpdated`: renewals charge this saved card (`payments-card-<id>` holds its `CardSaved`). */
export const MembershipCardUpdated = z.object({
  membership_id: z.string(),
  account_id: z.string(),
  payment_method_id: z.string(),
  card_brand: CardBrand,
  card_last4: z.string(),
  updated_at: z.string(),
});
export type MembershipCardUpdated = z.infer<typeof MembershipCardUpdated>;

/**
 * Data of `MembershipRenewalDue`: the payments module charges it off-session to the saved card (a checkout whose id
 * derives from membership, period start and attempt) and answers with `PaymentSucceeded` / `PaymentFailed` carrying `renewal`.
 */
export const MembershipRenewalDue = z.object({
  membership_id: z.string(),
  account_id: z.string(),
  plan_id: z.string(),
  plan_name: PlanName,
  amount_cents: z.number().int().nonnegative(),
  payment_method_id: z.string(),
  card_brand: CardBrand,
  card_last4: z.string(),
  renewal: RenewalOf,
  due_at: z.string(),
});
export type MembershipRenewalDue = z.infer<typeof MembershipRenewalDue>;

/** Data of `MembershipRenewed`: the period starting `period_start` is paid; the next renewal is `next_renewal_at`. */
export const MembershipRenewed = z.object({
  membership_id: z.string(),
  account_id: z.string(),
  plan_id: z.string(),
  plan_name: PlanName,
  amount_cents: z.number().int().nonnegative(),
  checkout_id: z.string(),
  period_start: z.string(),
  next_renewal_at: z.string(),
  attempt: z.number().int().min(1),
  renewed_at: z.string(),
});
export type MembershipRenewed = z.infer<typeof MembershipRenewed>;

/** Data of `MembershipRenewalFailed`: one failed try; `next_retry_at` is null after the last scheduled one. */
export const MembershipRenewalFailed = z.object({
  membership_id: z.string(),
  account_id: z.string(),
  checkout_id: z.string(),
  period_start: z.string(),
  attempt: z.number().int().min(1),
  amount_cents: z.number().int().nonnegative(),
  message: z.string(),
  failed_at: z.string(),
  next_retry_at: z.string().nullable(),
});
export type MembershipRenewalFailed = z.infer<typeof MembershipRenewalFailed>;

/** Data of `MembershipPastDue`: the third try failed; it is cancelled at `cancels_at` unless paid (a card update charges at once). */
export const MembershipPastDue = z.object({
  membership_id: z.string(),
  account_id: z.string(),
  period_start: z.string(),
  amount_cents: z.number().int().nonnegative(),
  past_due_at: z.string(),
  cancels_at: z.string(),
});
export type MembershipPastDue = z.infer<typeof MembershipPastDue>;

export const MEMBERSHIP_END_REASONS = ['member_cancelled', 'unpaid', 'refunded'] as const;
/** Data of `MembershipCancelled`: it ended (the member's cancellation reached the period end, or it stayed unpaid). */
export const MembershipCancelled = z.object({
  membership_id: z.string(),
  account_id: z.string(),
  reason: z.enum(MEMBERSHIP_END_REASONS),
  ended_at: z.string(),
});
export type MembershipCancelled = z.infer<typeof MembershipCancelled>;

/** `POST /api/v1/memberships/:id/switch`: renew as the other plan name from the next renewal (the current name withdraws a switch). */
export const SwitchPlanBody = z.object({ plan_name: PlanName });
export type SwitchPlanBody = z.infer<typeof SwitchPlanBody>;

/** `PUT /api/v1/memberships/:id/card`: a card saved through `POST /api/v1/payments/saved-cards`. */
export const UpdateMembershipCardBody = z.object({ payment_method_id: z.string().trim().min(1, 'Choose a saved card').max(100) });
export type UpdateMembershipCardBody = z.infer<typeof UpdateMembershipCardBody>;

/** Error codes of the membership routes. */
export const MEMBERSHIPS_ERROR_CODES = [
  'MEMBERSHIP_NOT_FOUND', // 404 none, or someone else's
  'MEMBERSHIP_ENDED', // 409 cancelled already
  'ALREADY_CANCELLING', // 409 cancel twice
  'NOT_CANCELLING', // 409 resume without a cancellation
  'MEMBERSHIP_PAST_DUE', // 409 cancel or switch while past due (update the card first)
  'SAME_PLAN', // 409 switch to the plan it renews as already
  'CARD_NOT_SAVED', // 400 a card the account has not saved
] as const;

/** Query of `GET /api/v1/admin/memberships` (Super Admin): every membership, filtered, server-paged (`MembershipView` items). */
export const AdminMembershipsQuery = listQuery({
  sortFields: MEMBERSHIP_SORT_FIELDS,
  defaultSort: 'started_at',
  filters: {
    status: MembershipStatus.optional(),
    plan_name: PlanName.optional(),
    account_id: z.string().trim().min(1).max(100).optional(),
    /** Words of the member's name or email (any case). */
    q: z.string().trim().min(1).max(100, 'The search is at most 100 characters').optional(),
    /** Started on or after this UTC day. */
    from: z.iso.date({ error: 'from must be a date (YYYY-MM-DD)' }).optional(),
    /** Started on or before this UTC day (the whole day). */
    to: z.iso.date({ error: 'to must be a date (YYYY-MM-DD)' }).optional(),
  },
}).refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['from'] });
export type AdminMembershipsQuery = z.infer<typeof AdminMembershipsQuery>;

// ---- What other modules keep of a membership (a local copy) ----

/** The events that say which plan a membership is on and whether it still runs. */
export const MEMBERSHIP_STANDING_EVENTS = ['MembershipStarted', 'MembershipRenewed', 'MembershipPastDue', 'MembershipCancelled'] as const;

/** A membership as other modules see it: whose, on which plan, and its status. */
export interface MembershipStanding {
  account_id: string;
  plan_name: string;
  status: MembershipStatus;
}

/** A contract event as a copy's fold reads it. */
interface MembershipEvent {
  type: string;
  data: unknown;
}

/** The membership's standing after `event`, as the memberships module publishes it. */
export const nextMembershipStanding = (standing: MembershipStanding | null, event: MembershipEvent): MembershipStanding | null => {
  if (event.type === 'MembershipStarted') {
    const started = MembershipStarted.safeParse(event.data);
    return started.success ? { account_id: started.data.account_id, plan_name: started.data.plan_name, status: started.data.status } : standing;
  }
  if (event.type === 'MembershipCancelled') {
    // Ended, whatever came before (a membership from before its start was published ends too).
    const ended = MembershipCancelled.safeParse(event.data);
    return ended.success ? { account_id: ended.data.account_id, plan_name: standing?.plan_name ?? '', status: 'cancelled' } : standing;
  }
  if (!standing) return standing;
  if (event.type === 'MembershipRenewed') {
    const renewed = MembershipRenewed.safeParse(event.data);
    return renewed.success ? { ...standing, plan_name: renewed.data.plan_name, status: 'active' } : standing;
  }
  if (event.type === 'MembershipPastDue') return { ...standing, status: 'past_due' };
  return standing;
};

// ---- What a claim's coverage needs of a membership (the reimbursement module's local copy) ----

/** The events that say when a membership started, on which plan it runs now, and whether it still runs. */
export const MEMBERSHIP_TERM_EVENTS = ['MembershipStarted', 'MembershipRenewed', 'MembershipPastDue', 'MembershipCancelled'] as const;

/** A membership as a claim's coverage reads it: whose, on which plan, since when, its trial, and its status. */
export interface MembershipTerm {
  membership_id: string;
  account_id: string;
  plan_id: string;
  plan_name: string;
  started_at: string;
  trial_ends_at: string | null;
  status: MembershipStatus;
  ended_at: string | null;
}

/** The membership's term after `event`, as the memberships module publishes it (null until it started). */
export const nextMembershipTerm = (term: MembershipTerm | null, event: MembershipEvent): MembershipTerm | null => {
  if (event.type === 'MembershipStarted') {
    const started = MembershipStarted.safeParse(event.data);
    if (!started.success) return term;
    const d = started.data;
    return { membership_id: d.membership_id, account_id: d.account_id, plan_id: d.plan_id, plan_name: d.plan_name, started_at: d.started_at, trial_ends_at: d.trial_ends_at, status: d.status, ended_at: null };
  }
  if (!term) return term;
  if (event.type === 'MembershipRenewed') {
    const renewed = MembershipRenewed.safeParse(event.data);
    return renewed.success ? { ...term, plan_id: renewed.data.plan_id, plan_name: renewed.data.plan_name, status: 'active' } : term;
  }
  if (event.type === 'MembershipPastDue') return { ...term, status: 'past_due' };
  if (event.type === 'MembershipCancelled') {
    const ended = MembershipCancelled.safeParse(event.data);
    return ended.success ? { ...term, status: 'cancelled', ended_at: ended.data.ended_at } : term;
  }
  return term;
};

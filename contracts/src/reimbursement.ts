import { z } from 'zod';
import { listQuery, withoutHiddenCharacters } from './http.ts';
import { PayoutMethod } from './payments.ts';
import { DocumentUpload } from './uploads.ts';
import { ClaimCategory, PlanCoverage } from './coverage.ts';
import { CLAIM_SORT_FIELDS } from './sort-fields.ts';

/**
 * Property reimbursement claims (DECISIONS.md "Reimbursement lifecycle"): a member files a claim for an expense on a
 * property they verified, with documents; Super Admins review it, may ask for more information, approve (an amount up
 * to the claimed one) or reject it, and pay an approved claim out through the payments module. Module `reimbursement`:
 * streams `reimbursement-claim-<claim id>`. Money is integer cents; times are UTC ISO-8601.
 */

// ---- Filing a claim ----

export { CLAIM_CATEGORIES, CLAIM_CATEGORY_LABELS, ClaimCategory } from './coverage.ts';

export const MIN_CLAIM_CENTS = 1;
export const MAX_CLAIM_CENTS = 10_000_000;
export const MAX_CLAIM_DOCUMENTS = 5;
/** An expense is claimed within this many days of its date (and never for a future day). */
export const CLAIM_WINDOW_DAYS = 365;

/** A document (receipt, invoice, photo) as sent: its name and its content (a PDF or an image, checked by content). */
export const ClaimDocumentInput = DocumentUpload.extend({
  name: withoutHiddenCharacters(z.string({ error: 'Name the document' }).trim().min(1, 'Name the document').max(200, 'The document name is at most 200 characters')),
});
export type ClaimDocumentInput = z.infer<typeof ClaimDocumentInput>;

const amountCents = (what: string) =>
  z
    .number({ error: `Enter the ${what} in cents` })
    .int(`The ${what} is a whole number of cents`)
    .min(MIN_CLAIM_CENTS, `The ${what} is at least $0.01`)
    .max(MAX_CLAIM_CENTS, `The ${what} is at most $100,000.00`);

const message = (what: string) => z.string({ error: `Enter ${what}` }).trim().min(3, `Enter ${what} (at least 3 characters)`).max(2000, `${what} is at most 2000 characters`);

/**
 * `POST /api/v1/reimbursements/claims` (signed-in member): `claim_id` is a uuid the client makes once per claim; the
 * same body again answers the same claim; other contents, or another account's claim_id, are one refusal (409
 * CLAIM_MISMATCH, the same code and message for both, so it never says whose the id is).
 */
export const FileClaimBody = z.object({
  claim_id: z.uuid('claim_id must be a uuid made once per claim'),
  property_id: z.string({ error: 'Choose one of your verified properties' }).trim().min(1, 'Choose one of your verified properties').max(64),
  category: ClaimCategory,
  amount_cents: amountCents('amount'),
  expense_date: z.iso.date({ error: 'expense_date must be a date (YYYY-MM-DD)' }),
  description: z.string({ error: 'Describe the expense' }).trim().min(10, 'Describe the expense (at least 10 characters)').max(2000, 'The description is at most 2000 characters'),
  documents: z
    .array(ClaimDocumentInput, { error: 'Attach at least one document' })
    .min(1, 'Attach at least one document (a receipt or an invoice)')
    .max(MAX_CLAIM_DOCUMENTS, `Attach at most ${MAX_CLAIM_DOCUMENTS} documents`),
});
export type FileClaimBody = z.infer<typeof FileClaimBody>;

/** `POST /api/v1/reimbursements/claims/:id/answer` (the claimant, while more information is requested). */
export const AnswerClaimBody = z.object({
  message: message('your answer'),
  documents: z.array(ClaimDocumentInput).max(MAX_CLAIM_DOCUMENTS, `Attach at most ${MAX_CLAIM_DOCUMENTS} documents`).default([]),
});
export type AnswerClaimBody = z.infer<typeof AnswerClaimBody>;

// Super Admin: `POST /api/v1/admin/reimbursements/claims/:id/review` (no body) starts the review.
/** `POST /api/v1/admin/reimbursements/claims/:id/request-info`. */
export const RequestInfoBody = z.object({ message: message('what you need from the claimant') });
export type RequestInfoBody = z.infer<typeof RequestInfoBody>;
const reason = z.string({ error: 'Give the reason' }).trim().min(3, 'Give the reason (at least 3 characters)').max(1000, 'The reason is at most 1000 characters');
/** `POST /api/v1/admin/reimbursements/claims/:id/approve`: the amount paid, at most the amount claimed. */
export const ApproveClaimBody = z.object({ reason, approved_amount_cents: amountCents('approved amount') });
export type ApproveClaimBody = z.infer<typeof ApproveClaimBody>;
/** `POST /api/v1/admin/reimbursements/claims/:id/reject`. */
export const RejectClaimBody = z.object({ reason });
export type RejectClaimBody = z.infer<typeof RejectClaimBody>;
/** `POST /api/v1/admin/reimbursements/claims/:id/payout`: pays an approved claim (recorded by the payments module). */
export const PayoutBody = z.object({
  method: PayoutMethod,
  reference: withoutHiddenCharacters(z.string({ error: 'Enter the payout reference' }).trim().min(1, 'Enter the payout reference (check or transfer number)').max(100, 'The reference is at most 100 characters')),
});
export type PayoutBody = z.infer<typeof PayoutBody>;

export const ClaimIdParams = z.object({ id: z.uuid({ error: 'The claim id must be a UUID' }) });
export const ClaimDocumentParams = ClaimIdParams.extend({ docId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'The document id is not valid') });

// ---- Lifecycle ----

export const CLAIM_STATUSES = ['submitted', 'under_review', 'more_info_requested', 'approved', 'rejected', 'paid'] as const;
export const ClaimStatus = z.enum(CLAIM_STATUSES, { error: `status must be one of ${CLAIM_STATUSES.join(', ')}` });
export type ClaimStatus = z.infer<typeof ClaimStatus>;
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  submitted: 'Submitted',
  under_review: 'Under review',
  more_info_requested: 'More information requested',
  approved: 'Approved',
  rejected: 'Rejected',
  paid: 'Paid',
};

/** Every event's data names its claim, who did it (an account id, or `system` for a job) and when. */
const step = { claim_id: z.string(), by: z.string(), at: z.string() };

export const ClaimProperty = z.object({ property_id: z.string(), address_line: z.string(), city: z.string(), county: z.string(), apn: z.string() });
export type ClaimProperty = z.infer<typeof ClaimProperty>;

/** A kept document: the bytes are in `platform.files` under `file_key` (encrypted), never in an event. */
export const ClaimDocument = z.object({ doc_id: z.string(), file_key: z.string(), name: z.string(), content_type: z.string(), size: z.number().int().positive() });
export type ClaimDocument = z.infer<typeof ClaimDocument>;

/**
 * Why a claim needs a reviewer's judgement (it is filed, not refused): `property_shared`: the property is verified by
 * more than one account; `expense_in_trial`: the expense falls in the membership's free trial (nothing paid for a term
 * yet); `membership_past_due`: the last renewal failed; `pending_over_year_limit`: with the claims still open, the
 * year's limit would be passed; `plan_terms_unknown`: the membership's plan is not known here, so the default terms applied.
 */
export const CLAIM_FLAG_CODES = ['property_shared', 'expense_in_trial', 'membership_past_due', 'pending_over_year_limit', 'plan_terms_unknown'] as const;
export const ClaimFlag = z.object({ code: z.enum(CLAIM_FLAG_CODES), message: z.string() });
export type ClaimFlag = z.infer<typeof ClaimFlag>;

export const ReimbursementClaimSubmitted = z.object({
  ...step,
  /** The claim's short number people read and search (CLM-100001); absent on claims filed before numbers. */
  number: z.string().optional(),
  account_id: z.string(),
  property: ClaimProperty,
  category: ClaimCategory,
  amount_cents: z.number().int().positive(),
  expense_date: z.string(),
  description: z.string(),
  documents: z.array(ClaimDocument),
  /** The membership the claim was filed under and its plan (absent on claims filed before claims followed coverage). */
  membership_id: z.string().optional(),
  plan_id: z.string().optional(),
  /** What the reviewer should look at (empty: nothing). */
  review_flags: z.array(ClaimFlag).optional(),
});
export type ReimbursementClaimSubmitted = z.infer<typeof ReimbursementClaimSubmitted>;
export const ReimbursementClaimReviewStarted = z.object(step);
export type ReimbursementClaimReviewStarted = z.infer<typeof ReimbursementClaimReviewStarted>;
export const ReimbursementInfoRequested = z.object({ ...step, message: z.string() });
export type ReimbursementInfoRequested = z.infer<typeof ReimbursementInfoRequested>;
/** The claimant's answer: the claim goes back under review. */
export const ReimbursementInfoProvided = z.object({ ...step, message: z.string(), documents: z.array(ClaimDocument) });
export type ReimbursementInfoProvided = z.infer<typeof ReimbursementInfoProvided>;
export const ReimbursementClaimApproved = z.object({ ...step, reason: z.string(), approved_amount_cents: z.number().int().positive() });
export type ReimbursementClaimApproved = z.infer<typeof ReimbursementClaimApproved>;
export const ReimbursementClaimRejected = z.object({ ...step, reason: z.string() });
export type ReimbursementClaimRejected = z.infer<typeof ReimbursementClaimRejected>;
/** A Super Admin pays the approved amount out; the payments module reads this event and records `PayoutRecorded`. */
export const ReimbursementPayoutRequested = z.object({ ...step, account_id: z.string(), amount_cents: z.number().int().positive(), method: PayoutMethod, reference: z.string() });
export type ReimbursementPayoutRequested = z.infer<typeof ReimbursementPayoutRequested>;
/** The payments module recorded the payout (`PayoutRecorded`). */
export const ReimbursementClaimPaid = z.object({ ...step, payout_id: z.string(), amount_cents: z.number().int().positive(), method: PayoutMethod, reference: z.string() });
export type ReimbursementClaimPaid = z.infer<typeof ReimbursementClaimPaid>;

export const REIMBURSEMENT_EVENT_TYPES = [
  'ReimbursementClaimSubmitted',
  'ReimbursementClaimReviewStarted',
  'ReimbursementInfoRequested',
  'ReimbursementInfoProvided',
  'ReimbursementClaimApproved',
  'ReimbursementClaimRejected',
  'ReimbursementPayoutRequested',
  'ReimbursementClaimPaid',
] as const;
export type ReimbursementEventType = (typeof REIMBURSEMENT_EVENT_TYPES)[number];
export const REIMBURSEMENT_PAYOUT_REQUESTED = 'ReimbursementPayoutRequested';

/** What another module keeps of a claim (payments: the claim number on its payout row), from `CLAIM_NUMBER_EVENTS`. */
export const CLAIM_NUMBER_EVENTS = ['ReimbursementClaimSubmitted'] as const;
export interface ClaimNumber {
  claim_id: string;
  /** CLM-100001; null for claims filed before numbers. */
  number: string | null;
}
/** The published fold of a claim's number: set once by `ReimbursementClaimSubmitted`, kept by anything else. */
export const nextClaimNumber = (copy: ClaimNumber | null, event: { type: string; data: unknown }): ClaimNumber | null => {
  if (event.type !== 'ReimbursementClaimSubmitted') return copy;
  const submitted = ReimbursementClaimSubmitted.safeParse(event.data);
  return submitted.success ? { claim_id: submitted.data.claim_id, number: submitted.data.number ?? null } : copy;
};
/** One per claim, on `reimbursement-numbers-claims`: the claim's short number (allocation under optimistic concurrency). */
export const CLAIM_NUMBER_ALLOCATED = 'ReimbursementClaimNumberAllocated';
export const reimbursementClaimStream = (claimId: string) => `reimbursement-claim-${claimId}`;
/**
 * The coverage ledger (one stream per membership and membership year, `reimbursement-ledger-<membership>-<year from>`):
 * what each claim of the year holds of the year's limit, appended under optimistic concurrency so racing claims or
 * approvals never pass it together. Internal to the reimbursement module (no other module reads it).
 */
export const COVERAGE_LEDGER_EVENT_TYPES = ['ReimbursementCoverageHeld', 'ReimbursementCoverageReleased'] as const;
export const coverageLedgerStream = (membershipId: string, yearFrom: string) => `reimbursement-ledger-${membershipId}-${yearFrom}`;

/** Error codes of the reimbursement routes (`code` of the error envelope). */
export const REIMBURSEMENT_ERROR_CODES = [
  'CLAIM_NOT_FOUND', // 404: none, or one the caller may not see (another member's id answers exactly this)
  'CLAIM_FORBIDDEN', // 403: someone who sees the claim (a Super Admin) answering a request meant for the claimant
  'CLAIM_MISMATCH', // 409: the claim_id is in use: the caller's own with other contents, or another account's (one answer for both)
  'CLAIM_TRANSITION_REFUSED', // 409: the claim's status does not allow this step (the message says why)
  'PROPERTY_NOT_VERIFIED', // 400: the caller has not verified this property
  'EXPENSE_DATE_OUT_OF_RANGE', // 400: in the future or more than a year ago
  'APPROVED_AMOUNT_TOO_HIGH', // 400: more than the amount claimed
  'NO_ACTIVE_MEMBERSHIP', // 400: the claimant has no running membership
  'EXPENSE_BEFORE_MEMBERSHIP', // 400: the expense is dated before the membership started
  'EXPENSE_IN_WAITING_PERIOD', // 400: the expense is dated in the plan's waiting period
  'CATEGORY_NOT_COVERED', // 400: the plan does not cover this kind of expense
  'OVER_CLAIM_LIMIT', // 400: more than the plan pays for one claim
  'OVER_YEAR_LIMIT', // 400: more than is left of the year's limit (filing or approving)
  'DOCUMENT_NOT_FOUND', // 404
] as const;
export type ReimbursementErrorCode = (typeof REIMBURSEMENT_ERROR_CODES)[number];

// ---- Read model `reimbursement_claims` (one row per claim) ----

export const ClaimMessage = z.object({ from: z.enum(['reviewer', 'claimant']), message: z.string(), by: z.string(), at: z.string() });
export type ClaimMessage = z.infer<typeof ClaimMessage>;

export const ClaimView = z.object({
  claim_id: z.string(),
  /** Short number shown and searched instead of the id (CLM-100001); null for claims filed before numbers. */
  number: z.string().nullable().default(null),
  account_id: z.string(),
  property: ClaimProperty,
  category: ClaimCategory,
  amount_cents: z.number().int().positive(),
  approved_amount_cents: z.number().int().positive().nullable(),
  expense_date: z.string(),
  description: z.string(),
  status: ClaimStatus,
  /** Every document, the filed ones first, then each answer's; `added_at` and `by` say when and who. */
  documents: z.array(ClaimDocument.omit({ file_key: true }).extend({ added_at: z.string(), by: z.string() })),
  /** The reviewers' requests and the claimant's answers, oldest first. */
  messages: z.array(ClaimMessage),
  /** Why it was approved or rejected. */
  reason: z.string().nullable(),
  payout: z.object({ method: PayoutMethod, reference: z.string(), amount_cents: z.number().int().positive(), at: z.string(), paid_at: z.string().nullable() }).nullable(),
  submitted_at: z.string(),
  updated_at: z.string(),
  version: z.number().int().nonnegative(),
  position: z.number().int().nonnegative(),
});
export type ClaimView = z.infer<typeof ClaimView>;

/** socket.io message after a claim changed: to `reimbursement-claim:<id>` (owner and Super Admins may join), `account:<owner>` and the Super Admin role. */
export const CLAIM_UPDATED_MESSAGE = 'reimbursement-claim.updated';
export const CLAIM_ROOM = 'reimbursement-claim';

const day = (name: string) => z.iso.date({ error: `${name} must be a date (YYYY-MM-DD)` }).optional();
const cents = (name: string) => z.coerce.number({ error: `${name} must be a whole number of cents` }).int(`${name} must be a whole number of cents`).min(0).max(MAX_CLAIM_CENTS).optional();

/** `GET /api/v1/reimbursements/claims` (signed in): the caller's claims; answers `{ items: ClaimView[], total, page, page_size }`. */
export const MyClaimsQuery = listQuery({ sortFields: CLAIM_SORT_FIELDS, defaultSort: 'submitted_at', filters: { status: ClaimStatus.optional() } });
export type MyClaimsQuery = z.infer<typeof MyClaimsQuery>;

/** `GET /api/v1/admin/reimbursements/claims` (Super Admin): every claim, filtered. */
export const AdminClaimsQuery = listQuery({
  sortFields: CLAIM_SORT_FIELDS,
  defaultSort: 'submitted_at',
  filters: {
    status: ClaimStatus.optional(),
    /** Submitted on or after this UTC day. */
    from: day('from'),
    /** Submitted on or before this UTC day (the whole day). */
    to: day('to'),
    min_amount_cents: cents('min_amount_cents'),
    max_amount_cents: cents('max_amount_cents'),
    county: z.string().trim().min(1).max(60).optional(),
    account_id: z.string().trim().min(1).max(100).optional(),
    /** The claimant's name or email, the claim's number (CLM-100001) or words of its address. */
    q: z.string().trim().min(1).max(100, 'The search is at most 100 characters').optional(),
  },
})
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['from'] })
  .refine((q) => q.min_amount_cents === undefined || q.max_amount_cents === undefined || q.min_amount_cents <= q.max_amount_cents, {
    message: 'min_amount_cents must not be above max_amount_cents',
    path: ['min_amount_cents'],
  });
export type AdminClaimsQuery = z.infer<typeof AdminClaimsQuery>;

/** `GET /api/v1/reimbursements/claims/:id/history` (owner or Super Admin): the audit trail from the claim's events. */
export const ClaimHistoryEntry = z.object({ event_type: z.enum(REIMBURSEMENT_EVENT_TYPES), summary: z.string(), by: z.string(), at: z.string(), version: z.number().int().nonnegative() });
export type ClaimHistoryEntry = z.infer<typeof ClaimHistoryEntry>;
export const ClaimHistory = z.object({ items: z.array(ClaimHistoryEntry) });
export type ClaimHistory = z.infer<typeof ClaimHistory>;

// ---- Coverage (DECISIONS.md "Claims follow coverage") ----

/** The membership a claim is covered by, as the reimbursement module's copy holds it. */
export const CoverageMembership = z.object({
  membership_id: z.string(),
  plan_id: z.string(),
  plan_name: z.string(),
  /** `trialing` turns `active` once the trial ended, as when read. */
  status: z.enum(['trialing', 'active', 'past_due', 'cancelled']),
  started_at: z.string(),
  trial_ends_at: z.string().nullable(),
  /** The first day an expense is covered (the start day plus the waiting period). */
  covered_from: z.string(),
});
export type CoverageMembership = z.infer<typeof CoverageMembership>;

/**
 * `GET /api/v1/reimbursements/coverage` (the caller's, today) and `GET /api/v1/admin/reimbursements/claims/:id/coverage`
 * (the claim's membership, in the year of its expense; the claim itself is not counted). `membership` null: none runs.
 */
export const ClaimCoverage = z.object({
  membership: CoverageMembership.nullable(),
  /** The plan version's terms the claim is checked against (the defaults when the plan is not known here). */
  terms: PlanCoverage.nullable(),
  /**
   * Which plan version `terms` are: the plan as defined when the membership's stretch holding the day began, at its
   * start or at its last renewal before it (a switch of plan takes effect at a renewal); `known` false: the plan is not
   * known here and the defaults apply. A later change of the plan's terms applies from the next renewal.
   */
  terms_of: z.object({ from: z.string(), why: z.enum(['start', 'renewal']), known: z.boolean() }).nullable(),
  /** The membership year counted (from its start day, a year at a time): `from` inclusive, `to` exclusive. */
  year: z.object({ from: z.string(), to: z.string() }).nullable(),
  /** Approved or paid this year. */
  used_cents: z.number().int().nonnegative(),
  /** Claimed on claims still open this year (each holds its amount of the limit until it is approved or rejected). */
  pending_cents: z.number().int().nonnegative(),
  /** What the year's limit still pays: the limit less what was approved and what open claims hold. */
  left_cents: z.number().int().nonnegative(),
  /** How many accounts verified the claim's property (admin view; null for the caller's own coverage). */
  property_accounts: z.number().int().nonnegative().nullable(),
  /** What the reviewer should look at, noted when the claim was filed (admin view; reviewers' notes, never the claimant's: empty for the caller's own coverage). */
  flags: z.array(ClaimFlag),
});
export type ClaimCoverage = z.infer<typeof ClaimCoverage>;

// ---- What another module keeps of an account's claims (identity's account administration: a summary per claim) ----

/** The events a claim's summary is kept from: every step of the claim's life. */
export const CLAIM_SUMMARY_EVENTS = REIMBURSEMENT_EVENT_TYPES;

/** A claim as another module lists it beside its account: number, category, amount, status, when. */
export interface ClaimSummary {
  claim_id: string;
  account_id: string;
  number: string | null;
  category: string;
  address_line: string;
  amount_cents: number;
  status: ClaimStatus;
  submitted_at: string;
  updated_at: string;
}

/** The status each step leaves the claim in (a payout asked for leaves it approved until it is paid). */
const CLAIM_SUMMARY_STATUS: Partial<Record<ReimbursementEventType, ClaimStatus>> = {
  ReimbursementClaimReviewStarted: 'under_review',
  ReimbursementInfoRequested: 'more_info_requested',
  ReimbursementInfoProvided: 'under_review',
  ReimbursementClaimApproved: 'approved',
  ReimbursementClaimRejected: 'rejected',
  ReimbursementClaimPaid: 'paid',
};

/** The published fold of a claim's summary: made by `ReimbursementClaimSubmitted`, its status moved on by each later step. */
export const nextClaimSummary = (summary: ClaimSummary | null, event: { type: string; data: unknown }): ClaimSummary | null => {
  if (event.type === 'ReimbursementClaimSubmitted') {
    const submitted = ReimbursementClaimSubmitted.safeParse(event.data);
    if (!submitted.success) return summary;
    const d = submitted.data;
    return {
      claim_id: d.claim_id,
      account_id: d.account_id,
      number: d.number ?? null,
      category: d.category,
      address_line: `${d.property.address_line}, ${d.property.city}`,
      amount_cents: d.amount_cents,
      status: 'submitted',
      submitted_at: d.at,
      updated_at: d.at,
    };
  }
  if (!summary) return summary;
  const status = CLAIM_SUMMARY_STATUS[event.type as ReimbursementEventType];
  const at = z.object({ at: z.string() }).safeParse(event.data);
  return { ...summary, ...(status ? { status } : {}), ...(at.success ? { updated_at: at.data.at } : {}) };
};

import { z } from 'zod';
import { listQuery, withoutHiddenCharacters } from './http.ts';
import { Payer, PlacedBy } from './on-behalf.ts';
import { PromoApplied } from './payments.ts';
import { ALERT_SORT_FIELDS, ENROLMENT_SORT_FIELDS, IMPORT_SORT_FIELDS } from './sort-fields.ts';

/**
 * Equity Protect (issue 10; spec section 1): a member protects the equity in their verified properties against title
 * fraud. Recorded documents come through a recorder feed (a Super Admin's CSV/JSONL import, or sample recordings) and
 * are matched to protected properties by APN and county, never by owner name; a match raises an alert (email, SMS,
 * live), which the member answers "this was me" or "I don't recognize this" (a fraud case for Super Admins).
 * Module `equity`: streams `equity-pricing-current`, `equity-enrolment-<id>`, `equity-import-<id>`, `equity-alert-<id>`.
 * Money is integer cents; times are UTC ISO-8601; every route answers in the envelope `{ success: true, data }`.
 */

// ---- Pricing: data managed by Super Admins ----

export const EquityPricing = z.object({
  /** Per protected property, per year; 0 makes it free for everyone. */
  annual_price_cents: z.number().int().nonnegative(),
  /** Members whose active membership is one of these plan names protect their properties at no extra cost. */
  included_plan_names: z.array(z.string()),
  /** What it does, one sentence each (the public page's list). */
  features: z.array(z.string()),
});
export type EquityPricing = z.infer<typeof EquityPricing>;

/** `PUT /api/v1/admin/equity/pricing` (Super Admin): a price change reaches new enrolments only. */
export const EquityPricingBody = z.object({
  annual_price_cents: z
    .number({ error: 'Enter the yearly price in cents' })
    .int('The price is a whole number of cents')
    .min(0, 'The price cannot be negative')
    .max(100_000_00, 'The price is at most $100,000.00')
    .refine((cents) => cents === 0 || cents >= 50, 'A price is $0.00 (free) or at least $0.50'),
  included_plan_names: z
    .array(z.string().trim().min(1).max(60), { error: 'included_plan_names must be a list of plan names' })
    .max(20)
    .refine((names) => new Set(names).size === names.length, 'Name each plan once'),
  features: z
    .array(withoutHiddenCharacters(z.string().trim().min(3, 'Each feature is at least 3 characters').max(200, 'Each feature is at most 200 characters')))
    .min(1, 'List at least one thing Equity Protect does')
    .max(10, 'List at most 10 features'),
});
export type EquityPricingBody = z.infer<typeof EquityPricingBody>;

/** Data of `EquityPricingDefined` (stream `equity-pricing-current`): each definition replaces the previous one. */
export const EquityPricingDefined = EquityPricing.extend({ by: z.string(), at: z.string() });
export type EquityPricingDefined = z.infer<typeof EquityPricingDefined>;

// ---- Enrolment ----

export const ProtectedProperty = z.object({
  property_id: z.string(),
  address_line: z.string(),
  city: z.string(),
  county: z.string(),
  state: z.literal('CA'),
  zip: z.string(),
  apn: z.string(),
});
export type ProtectedProperty = z.infer<typeof ProtectedProperty>;

/**
 * `POST /api/v1/equity/enrollments` (signed in): protects one of the caller's verified properties. Answers the enrollment:
 * `active` at once when included in the caller's plan or free, else `awaiting_payment` (then pay it with
 * `POST /api/v1/payments/checkouts { equity_enrollment_id }`). The same property again answers the same enrollment.
 */
export const EnrolBody = z.object({ property_id: z.string({ error: 'Choose the property' }).trim().min(1, 'Choose the property').max(64) });
export type EnrolBody = z.infer<typeof EnrolBody>;
/**
 * `POST /api/v1/equity/members/:account_id/enrollments` (a Provider Admin, for one of its provider's users): the user's
 * verified property and who pays (`provider`: the Provider Admin pays the checkout; `user`: the user is asked to pay).
 */
export const EnrolForMemberBody = EnrolBody.extend({ payer: Payer });
export type EnrolForMemberBody = z.infer<typeof EnrolForMemberBody>;
export const EnrolmentIdParams = z.object({ id: z.uuid({ error: 'The enrollment id must be a UUID' }) });
// `POST /api/v1/equity/enrollments/:id/cancel` (owner or Super Admin): stops monitoring; enrolling again restarts it.

export const ENROLMENT_STATUSES = ['awaiting_payment', 'active', 'cancelled'] as const;
export const EnrolmentStatus = z.enum(ENROLMENT_STATUSES, { error: `status must be one of ${ENROLMENT_STATUSES.join(', ')}` });
export type EnrolmentStatus = z.infer<typeof EnrolmentStatus>;
export const ENROLMENT_STATUS_LABELS: Record<EnrolmentStatus, string> = { awaiting_payment: 'Awaiting payment', active: 'Protected', cancelled: 'Canceled' };

const step = { by: z.string(), at: z.string() };

/** Data of `EquityEnrolmentRequested`: at the price of that moment; `included` when the plan (or a free price) covers it. */
export const EquityEnrolmentRequested = z.object({
  ...step,
  enrolment_id: z.string(),
  account_id: z.string(),
  property: ProtectedProperty,
  price_cents: z.number().int().nonnegative(),
  included: z.boolean(),
  /** The plan that includes it, when `included` by a plan. */
  plan_name: z.string().nullable(),
  /** A Provider Admin enrolled it for the member (`account_id`) and chose who pays; absent when the member did. */
  placed_by: PlacedBy.optional(),
});
export type EquityEnrolmentRequested = z.infer<typeof EquityEnrolmentRequested>;
/** Payments reports the enrolment's checkout succeeded (then `EquityProtectionStarted`). */
export const EquityEnrolmentPaid = z.object({ ...step, enrolment_id: z.string(), checkout_id: z.string(), amount_cents: z.number().int().nonnegative(), promo: PromoApplied.optional() });
export type EquityEnrolmentPaid = z.infer<typeof EquityEnrolmentPaid>;
export const EquityEnrolmentPaymentFailed = z.object({ ...step, enrolment_id: z.string(), checkout_id: z.string(), message: z.string() });
export type EquityEnrolmentPaymentFailed = z.infer<typeof EquityEnrolmentPaymentFailed>;
/** Monitoring starts: recordings for the property's APN and county raise alerts from now until `protected_until`. */
export const EquityProtectionStarted = z.object({ ...step, enrolment_id: z.string(), protected_until: z.string() });
export type EquityProtectionStarted = z.infer<typeof EquityProtectionStarted>;
/** Protection stops. Stopped by the member (not `refunded`), it can be started again free until its paid year ends. */
export const EquityProtectionCancelled = z.object({ ...step, enrolment_id: z.string(), reason: z.string(), refunded: z.boolean().optional() });
export type EquityProtectionCancelled = z.infer<typeof EquityProtectionCancelled>;

/** Days before a year of protection ends that the member is told, once per year, so they can protect it again. */
export const PROTECTION_ENDING_NOTICE_DAYS = 30;
/** The year of protection ends within PROTECTION_ENDING_NOTICE_DAYS: the member is told once (by email). */
export const EquityProtectionEndingSoon = z.object({ ...step, enrolment_id: z.string(), protected_until: z.string() });
export type EquityProtectionEndingSoon = z.infer<typeof EquityProtectionEndingSoon>;

export const ENROLMENT_EVENT_TYPES = [
  'EquityEnrolmentRequested',
  'EquityEnrolmentPaid',
  'EquityEnrolmentPaymentFailed',
  'EquityProtectionStarted',
  'EquityProtectionCancelled',
  'EquityProtectionEndingSoon',
] as const;
export const equityEnrolmentStream = (enrolmentId: string) => `equity-enrolment-${enrolmentId}`;

/** One row of read model `equity_enrolments`. */
export const EnrolmentView = z.object({
  enrollment_id: z.string(),
  account_id: z.string(),
  property: ProtectedProperty,
  status: EnrolmentStatus,
  price_cents: z.number().int().nonnegative(),
  included: z.boolean(),
  plan_name: z.string().nullable(),
  checkout_id: z.string().nullable(),
  /** Why the last payment failed; null otherwise. */
  message: z.string().nullable(),
  protected_since: z.string().nullable(),
  protected_until: z.string().nullable(),
  requested_at: z.string(),
  updated_at: z.string(),
  version: z.number().int().nonnegative(),
  position: z.number().int().nonnegative(),
});
export type EnrolmentView = z.infer<typeof EnrolmentView>;

// ---- Recorded documents (the recorder feed) ----

export const DOCUMENT_TYPES = ['deed', 'grant_deed', 'quitclaim', 'deed_of_trust', 'lien', 'notice_of_default', 'reconveyance'] as const;
export const DocumentType = z.enum(DOCUMENT_TYPES, { error: `document_type must be one of ${DOCUMENT_TYPES.join(', ')}` });
export type DocumentType = z.infer<typeof DocumentType>;
export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  deed: 'Deed',
  grant_deed: 'Grant deed',
  quitclaim: 'Quitclaim deed',
  deed_of_trust: 'Deed of trust',
  lien: 'Lien',
  notice_of_default: 'Notice of default',
  reconveyance: 'Reconveyance',
};

const party = (name: string) => withoutHiddenCharacters(z.string({ error: `${name} is required` }).trim().min(1, `${name} is required`).max(200, `${name} is at most 200 characters`));

/** One recorded document as a county recorder publishes it (a row of an import file). */
export const RecordedDocument = z.object({
  document_number: z.string({ error: 'document_number is required' }).trim().min(1, 'document_number is required').max(40, 'document_number is at most 40 characters').regex(/^[A-Za-z0-9-]+$/, 'document_number holds letters, digits and hyphens only'),
  county: z.string({ error: 'county is required' }).trim().min(2, 'county is required').max(60, 'county is at most 60 characters'),
  // Assessors write parcel numbers their own way: "0165-307-174", "0109/294", "123.45.678".
  apn: z.string({ error: 'apn is required' }).trim().min(3, 'apn is required').max(40, 'apn is at most 40 characters').regex(/^[0-9A-Za-z][0-9A-Za-z ./-]*$/, 'apn holds digits, letters, hyphens, slashes and dots only'),
  document_type: DocumentType,
  recorded_at: z.iso.date({ error: 'recorded_at must be a date (YYYY-MM-DD)' }),
  grantor: party('grantor'),
  grantee: party('grantee'),
  /** The amount the document states (a loan, a lien), cents; absent when it states none. */
  amount_cents: z.number({ error: 'amount_cents must be a whole number of cents' }).int('amount_cents must be a whole number of cents').min(0).max(10_000_000_000).nullable().default(null),
});
export type RecordedDocument = z.infer<typeof RecordedDocument>;
/** The columns of a CSV import, in this order, with this header row (JSONL: one object per line with these keys). */
/**
 * Recorders publish with a delay: a recording dated up to this many days before a property's protection started still
 * raises an alert; older ones (a historic file, the member's own purchase years ago) do not.
 */
export const RECORDING_LOOKBACK_DAYS = 30;
export const RECORDING_COLUMNS = ['document_number', 'county', 'apn', 'document_type', 'recorded_at', 'grantor', 'grantee', 'amount_cents'] as const;

export const IMPORT_FORMATS = ['csv', 'jsonl'] as const;
export const ImportFormat = z.enum(IMPORT_FORMATS, { error: 'format must be csv or jsonl' });
export type ImportFormat = z.infer<typeof ImportFormat>;
export const MAX_IMPORT_BYTES = 25 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 200_000;

/** `POST /api/v1/admin/equity/imports` (Super Admin): a file of recordings, `data` base64 or a data: URL. */
export const ImportRecordingsBody = z.object({
  file_name: withoutHiddenCharacters(z.string({ error: 'Name the file' }).trim().min(1, 'Name the file').max(200, 'The file name is at most 200 characters')),
  format: ImportFormat,
  data: z.string({ error: 'Attach the file' }).min(1, 'Attach the file').max(Math.ceil((MAX_IMPORT_BYTES * 4) / 3) + 200, 'The file is larger than 25 MB'),
});
export type ImportRecordingsBody = z.infer<typeof ImportRecordingsBody>;

/** `POST /api/v1/admin/equity/imports/sample` (Super Admin, demos): realistic recordings, some on protected properties. */
export const SampleRecordingsBody = z.object({
  count: z.number({ error: 'count must be a whole number' }).int('count must be a whole number').min(1, 'Generate at least 1 recording').max(5000, 'Generate at most 5,000 recordings at once'),
  /** How many of them fall on protected properties (each raises an alert). */
  on_protected: z.number({ error: 'on_protected must be a whole number' }).int().min(0).max(50, 'At most 50 recordings on protected properties').default(0),
});
export type SampleRecordingsBody = z.infer<typeof SampleRecordingsBody>;

export const RefusedRow = z.object({ row: z.number().int().positive(), errors: z.array(z.string()).min(1) });
export type RefusedRow = z.infer<typeof RefusedRow>;
/** At most this many refused rows are kept and shown; `refused_count` counts them all. */
export const MAX_REFUSED_ROWS_KEPT = 500;

/** Data of `RecordingsImported` (stream `equity-import-<id>`): the accepted rows are kept in `file_key` for matching. */
export const RecordingsImported = z.object({
  ...step,
  import_id: z.string(),
  source: z.enum(['file', 'sample']),
  file_name: z.string(),
  format: ImportFormat,
  file_key: z.string(),
  row_count: z.number().int().nonnegative(),
  accepted_count: z.number().int().nonnegative(),
  refused_count: z.number().int().nonnegative(),
  refused: z.array(RefusedRow),
});
export type RecordingsImported = z.infer<typeof RecordingsImported>;
/** Matching finished: how many recordings fell on protected properties, and the alerts that raised. */
export const RecordingsMatched = z.object({ ...step, import_id: z.string(), matched_count: z.number().int().nonnegative(), alert_count: z.number().int().nonnegative() });
export type RecordingsMatched = z.infer<typeof RecordingsMatched>;
export const IMPORT_EVENT_TYPES = ['RecordingsImported', 'RecordingsMatched'] as const;
export const equityImportStream = (importId: string) => `equity-import-${importId}`;

/** The answer of an import, and one row of read model `equity_imports`. */
export const ImportView = z.object({
  import_id: z.string(),
  source: z.enum(['file', 'sample']),
  file_name: z.string(),
  format: ImportFormat,
  status: z.enum(['matching', 'matched']),
  row_count: z.number().int().nonnegative(),
  accepted_count: z.number().int().nonnegative(),
  refused_count: z.number().int().nonnegative(),
  refused: z.array(RefusedRow),
  matched_count: z.number().int().nonnegative().nullable(),
  alert_count: z.number().int().nonnegative().nullable(),
  imported_by: z.string(),
  imported_at: z.string(),
  matched_at: z.string().nullable(),
});
export type ImportView = z.infer<typeof ImportView>;
export const ImportIdParams = z.object({ id: z.uuid({ error: 'The import id must be a UUID' }) });

// ---- Alerts and fraud cases ----

/** What a member with a disputed recording should do next (each step ticked by the member). */
export const CASE_STEPS = ['call_recorder', 'tell_lender', 'police_report', 'credit_freeze', 'keep_records'] as const;
export const CaseStep = z.enum(CASE_STEPS, { error: 'Choose a step of the checklist' });
export type CaseStep = z.infer<typeof CaseStep>;
export const CASE_STEP_LABELS: Record<CaseStep, string> = {
  call_recorder: 'Call the county recorder’s office and ask for a copy of the recorded document',
  tell_lender: 'Tell your mortgage lender about the document',
  police_report: 'File a report with your local police department and keep the report number',
  credit_freeze: 'Place a fraud alert or credit freeze with the three credit bureaus',
  keep_records: 'Keep copies of every letter, call note and receipt (legal fees may be reimbursable)',
};

export const ALERT_STATUSES = ['new', 'confirmed', 'disputed', 'resolved'] as const;
export const AlertStatus = z.enum(ALERT_STATUSES, { error: `status must be one of ${ALERT_STATUSES.join(', ')}` });
export type AlertStatus = z.infer<typeof AlertStatus>;
export const ALERT_STATUS_LABELS: Record<AlertStatus, string> = { new: 'Needs your answer', confirmed: 'This was me', disputed: 'Fraud case open', resolved: 'Case closed' };

/** Data of `EquityAlertRaised` (stream `equity-alert-<id>`; one alert per recording and enrolment, whatever re-imports). */
export const EquityAlertRaised = z.object({
  ...step,
  alert_id: z.string(),
  enrolment_id: z.string(),
  account_id: z.string(),
  property: ProtectedProperty,
  recording: RecordedDocument,
  import_id: z.string(),
  /** Raised by generated sample recordings (a demo): shown as such, and no email or text is sent. */
  sample: z.boolean().optional(),
});
export type EquityAlertRaised = z.infer<typeof EquityAlertRaised>;
/** The member answered "this was me". */
export const EquityAlertConfirmed = z.object({ ...step, alert_id: z.string() });
export type EquityAlertConfirmed = z.infer<typeof EquityAlertConfirmed>;
/** The member answered "I don't recognize this": a fraud case opens with the next-steps checklist. */
export const EquityFraudCaseOpened = z.object({ ...step, alert_id: z.string(), note: z.string(), steps: z.array(CaseStep) });
export type EquityFraudCaseOpened = z.infer<typeof EquityFraudCaseOpened>;
export const EquityCaseStepChecked = z.object({ ...step, alert_id: z.string(), step: CaseStep, done: z.boolean() });
export type EquityCaseStepChecked = z.infer<typeof EquityCaseStepChecked>;
/** How a fraud case ended, chosen when a Super Admin resolves it. */
export const CASE_OUTCOMES = ['fraud_stopped', 'not_fraud', 'referred', 'member_unreachable'] as const;
export const CaseOutcome = z.enum(CASE_OUTCOMES, { error: 'Choose how the case ended' });
export type CaseOutcome = z.infer<typeof CaseOutcome>;
export const CASE_OUTCOME_LABELS: Record<CaseOutcome, string> = {
  fraud_stopped: 'Fraud confirmed and stopped',
  not_fraud: 'Not fraud: the document was legitimate',
  referred: 'Referred to law enforcement or an attorney',
  member_unreachable: 'Closed: the member could not be reached',
};

/** A Super Admin resolves the case: its outcome (absent on cases closed before outcomes) and how it ended, in words. */
export const EquityFraudCaseClosed = z.object({ ...step, alert_id: z.string(), resolution: z.string(), outcome: CaseOutcome.optional() });
export type EquityFraudCaseClosed = z.infer<typeof EquityFraudCaseClosed>;
/** A Super Admin adds a note to an open case: notes are only ever added, each with who and when. */
export const EquityCaseNoteAdded = z.object({ ...step, alert_id: z.string(), note: z.string() });
export type EquityCaseNoteAdded = z.infer<typeof EquityCaseNoteAdded>;
/** A Super Admin makes an admin (`owner_id`, a Super Admin's account) the owner of an open case. */
export const EquityCaseAssigned = z.object({ ...step, alert_id: z.string(), owner_id: z.string() });
export type EquityCaseAssigned = z.infer<typeof EquityCaseAssigned>;

export const ALERT_EVENT_TYPES = ['EquityAlertRaised', 'EquityAlertConfirmed', 'EquityFraudCaseOpened', 'EquityCaseStepChecked', 'EquityFraudCaseClosed', 'EquityCaseNoteAdded', 'EquityCaseAssigned'] as const;
export type AlertEventType = (typeof ALERT_EVENT_TYPES)[number];
export const equityAlertStream = (alertId: string) => `equity-alert-${alertId}`;

export const AlertIdParams = z.object({ id: z.uuid({ error: 'The alert id must be a UUID' }) });
// `POST /api/v1/equity/alerts/:id/confirm` (the member, a new alert): "this was me"; no body.
/** `POST /api/v1/equity/alerts/:id/report` (the member, a new alert): "I don't recognize this". */
export const ReportAlertBody = z.object({ note: withoutHiddenCharacters(z.string().trim().max(1000, 'The note is at most 1,000 characters')).default('') });
export type ReportAlertBody = z.infer<typeof ReportAlertBody>;
/** `POST /api/v1/equity/alerts/:id/steps` (the member, an open case): ticks or unticks a step of the checklist. */
export const CheckStepBody = z.object({ step: CaseStep, done: z.boolean({ error: 'done must be true or false' }) });
export type CheckStepBody = z.infer<typeof CheckStepBody>;
/** `POST /api/v1/admin/equity/alerts/:id/close` (Super Admin, an open case): resolves it with its outcome. */
export const CloseCaseBody = z.object({ outcome: CaseOutcome, resolution: withoutHiddenCharacters(z.string().trim().min(3, 'Say how the case ended (at least 3 characters)').max(1000, 'The resolution is at most 1,000 characters')) });
export type CloseCaseBody = z.infer<typeof CloseCaseBody>;
/** `POST /api/v1/admin/equity/alerts/:id/notes` (Super Admin, an open case): one more note. */
export const AddCaseNoteBody = z.object({
  note: withoutHiddenCharacters(z.string({ error: 'Write the note' }).trim().min(1, 'Write the note').max(2000, 'A note is at most 2,000 characters')),
});
export type AddCaseNoteBody = z.infer<typeof AddCaseNoteBody>;
/** `POST /api/v1/admin/equity/alerts/:id/owner` (Super Admin, an open case): the admin who owns the case. */
export const AssignCaseBody = z.object({ owner_id: z.string({ error: 'Choose an admin' }).trim().min(1, 'Choose an admin').max(100) });
export type AssignCaseBody = z.infer<typeof AssignCaseBody>;

/** `GET /api/v1/admin/equity/alerts/:id/contact` (Super Admin): how to reach the member (the module's copy of identity's events). */
export const CaseContact = z.object({ account_id: z.string(), full_name: z.string(), email: z.string(), phone_masked: z.string().nullable() });
export type CaseContact = z.infer<typeof CaseContact>;
/** `GET /api/v1/admin/equity/alerts/:id/notes` (Super Admin): the case's notes, oldest first, each with who and when (never shown to the member). */
export const CaseNotes = z.object({ items: z.array(z.object({ note: z.string(), by: z.string(), at: z.string() })) });
export type CaseNotes = z.infer<typeof CaseNotes>;
/** `GET /api/v1/admin/equity/case-owners` (Super Admin): the admins a case may be given to. */
export const CaseOwners = z.object({ items: z.array(z.object({ account_id: z.string(), full_name: z.string() })) });
export type CaseOwners = z.infer<typeof CaseOwners>;

/** One row of read model `equity_alerts` (an alert, and its fraud case once reported). */
export const AlertView = z.object({
  alert_id: z.string(),
  enrollment_id: z.string(),
  account_id: z.string(),
  property: ProtectedProperty,
  recording: RecordedDocument,
  /** From generated sample recordings (a demo). */
  sample: z.boolean().default(false),
  status: AlertStatus,
  raised_at: z.string(),
  answered_at: z.string().nullable(),
  case: z
    .object({
      opened_at: z.string(),
      note: z.string(),
      steps: z.array(z.object({ step: CaseStep, done: z.boolean() })),
      closed_at: z.string().nullable(),
      resolution: z.string().nullable(),
      /** How it ended; null while open (and for cases closed before outcomes). */
      outcome: CaseOutcome.nullable().default(null),
      /** The admin who owns the case (a Super Admin's account id), null until one is assigned. */
      owner_id: z.string().nullable().default(null),
    })
    .nullable(),
  updated_at: z.string(),
  version: z.number().int().nonnegative(),
  position: z.number().int().nonnegative(),
});
export type AlertView = z.infer<typeof AlertView>;

/** `GET /api/v1/equity/alerts/:id/history` (owner or Super Admin): the audit trail from the alert's event stream. */
export const AlertHistoryEntry = z.object({ event_type: z.enum(ALERT_EVENT_TYPES), summary: z.string(), by: z.string(), at: z.string(), version: z.number().int().nonnegative() });
export type AlertHistoryEntry = z.infer<typeof AlertHistoryEntry>;
export const AlertHistory = z.object({ items: z.array(AlertHistoryEntry) });
export type AlertHistory = z.infer<typeof AlertHistory>;

/** socket.io messages: to `account:<owner>` and the Super Admin role; an alert also to `equity-alert:<id>`. */
export const EQUITY_ENROLMENT_UPDATED_MESSAGE = 'equity-enrollment.updated';
export const EQUITY_ALERT_UPDATED_MESSAGE = 'equity-alert.updated';
export const EQUITY_IMPORT_UPDATED_MESSAGE = 'equity-import.updated';
export const EQUITY_ALERT_ROOM = 'equity-alert';

// ---- Lists ----

const day = (name: string) => z.iso.date({ error: `${name} must be a date (YYYY-MM-DD)` }).optional();
const text = z.string().trim().min(1).max(100, 'The search is at most 100 characters').optional();
const between = <T extends { from?: string | undefined; to?: string | undefined }>(q: T) => !q.from || !q.to || q.from <= q.to;

/** `GET /api/v1/equity/enrollments/mine` and `GET /api/v1/admin/equity/enrollments`. */
export const EnrolmentsQuery = listQuery({
  sortFields: ENROLMENT_SORT_FIELDS,
  defaultSort: 'requested_at',
  filters: { q: text, status: EnrolmentStatus.optional(), county: z.string().trim().min(1).max(60).optional(), from: day('from'), to: day('to') },
}).refine(between, { message: 'from must not be after to', path: ['from'] });
export type EnrolmentsQuery = z.infer<typeof EnrolmentsQuery>;

/** `GET /api/v1/equity/alerts/mine` and `GET /api/v1/admin/equity/alerts` (`cases_only`: disputed and resolved). */
export const AlertsQuery = listQuery({
  sortFields: ALERT_SORT_FIELDS,
  defaultSort: 'raised_at',
  filters: {
    q: text,
    status: AlertStatus.optional(),
    county: z.string().trim().min(1).max(60).optional(),
    document_type: DocumentType.optional(),
    cases_only: z.enum(['true', 'false'], { error: 'cases_only must be true or false' }).optional(),
    from: day('from'),
    to: day('to'),
  },
}).refine(between, { message: 'from must not be after to', path: ['from'] });
export type AlertsQuery = z.infer<typeof AlertsQuery>;

/** `GET /api/v1/admin/equity/imports` (Super Admin). */
export const ImportsQuery = listQuery({ sortFields: IMPORT_SORT_FIELDS, defaultSort: 'imported_at' });
export type ImportsQuery = z.infer<typeof ImportsQuery>;

/** Error codes of the Equity Protect routes. */
export const EQUITY_ERROR_CODES = [
  'PROPERTY_NOT_VERIFIED', // 400: verify the property first
  'PROPERTY_NOT_FOUND', // 400
  'ENROLLMENT_NOT_FOUND', // 404: none, or another member's (the same answer)
  'ENROLLMENT_TRANSITION_REFUSED', // 409
  'ALERT_NOT_FOUND', // 404: none, or another member's (the same answer)
  'ALERT_FORBIDDEN', // 403: a Super Admin, who sees the alert, answering it for the member
  'ALERT_TRANSITION_REFUSED', // 409
  'CASE_OWNER_NOT_ADMIN', // 400: a case is owned by a Super Admin
  'MEMBER_CONTACT_NOT_FOUND', // 404: the member's contact details are not known (yet)
  'IMPORT_FILE_INVALID', // 400: not CSV/JSONL text, no header, too many rows
  'IMPORT_NOT_FOUND', // 404
] as const;

// ---- What another module keeps of an alert (insights' dashboard: alerts waiting, fraud cases open) ----

/** The events that move an alert's status. */
export const ALERT_STANDING_EVENTS = ['EquityAlertRaised', 'EquityAlertConfirmed', 'EquityFraudCaseOpened', 'EquityFraudCaseClosed'] as const;

/** An alert as another module counts it: whose, its status (`disputed`: a fraud case is open), when it was raised. */
export interface AlertStanding {
  alert_id: string;
  account_id: string;
  status: AlertStatus;
  raised_at: string;
  updated_at: string;
}

/** The published fold of an alert's standing: raised `new`, answered `confirmed` or `disputed`, `resolved` when its case closes. */
export const nextAlertStanding = (standing: AlertStanding | null, event: { type: string; data: unknown }): AlertStanding | null => {
  if (event.type === 'EquityAlertRaised') {
    const raised = EquityAlertRaised.safeParse(event.data);
    if (!raised.success) return standing;
    const d = raised.data;
    return { alert_id: d.alert_id, account_id: d.account_id, status: 'new', raised_at: d.at, updated_at: d.at };
  }
  if (!standing) return standing;
  const status: AlertStatus | undefined = ({ EquityAlertConfirmed: 'confirmed', EquityFraudCaseOpened: 'disputed', EquityFraudCaseClosed: 'resolved' } as const)[event.type as 'EquityAlertConfirmed'];
  const at = z.object({ at: z.string() }).safeParse(event.data);
  return status ? { ...standing, status, ...(at.success ? { updated_at: at.data.at } : {}) } : standing;
};

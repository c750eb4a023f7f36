import { z } from 'zod';
import { ErrorEnvelope, listQuery } from './http.ts';
import { PROPERTY_DOCUMENT_SORT_FIELDS, VERIFIED_PROPERTY_SORT_FIELDS } from './sort-fields.ts';
import { DocumentUpload } from './uploads.ts';

export { PROPERTY_DOCUMENT_SORT_FIELDS, VERIFIED_PROPERTY_SORT_FIELDS };

/**
 * Properties: lookup (address autocomplete, APN), verification by a code mailed to the property, and the properties an account verified.
 * The data behind them is a bundled SAMPLE dataset of California properties (DECISIONS.md, "Property data").
 */

/** What search shows of a property: never the owner name, year built or hazard flags. */
export const PropertySummary = z.object({
  id: z.string(),
  address_line: z.string(),
  city: z.string(),
  county: z.string(),
  state: z.literal('CA'),
  zip: z.string().regex(/^\d{5}$/),
  apn: z.string(),
});
export type PropertySummary = z.infer<typeof PropertySummary>;

export const PROPERTY_SEARCH_MAX_LIMIT = 20;
export const PROPERTY_SEARCH_DEFAULT_LIMIT = 8;
export const PROPERTY_SEARCH_MAX_QUERY = 100;

/** `GET /properties/search?q=&limit=`: an address prefix ("1234 Oak", "1234 Oak Street, San Jose") or an APN. */
export const PropertySearchQuery = z.object({
  q: z
    .string({ error: 'q is required: type the start of an address or an APN' })
    .trim()
    .min(1, 'q is required: type the start of an address or an APN')
    .max(PROPERTY_SEARCH_MAX_QUERY, `q must be at most ${PROPERTY_SEARCH_MAX_QUERY} characters`),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${PROPERTY_SEARCH_MAX_LIMIT}` })
    .int(`limit must be a whole number from 1 to ${PROPERTY_SEARCH_MAX_LIMIT}`)
    .min(1, `limit must be a whole number from 1 to ${PROPERTY_SEARCH_MAX_LIMIT}`)
    .max(PROPERTY_SEARCH_MAX_LIMIT, `limit must be a whole number from 1 to ${PROPERTY_SEARCH_MAX_LIMIT}`)
    .default(PROPERTY_SEARCH_DEFAULT_LIMIT),
});
export type PropertySearchQuery = z.infer<typeof PropertySearchQuery>;

export const PropertySearchResult = z.object({ items: z.array(PropertySummary) });
export type PropertySearchResult = z.infer<typeof PropertySearchResult>;

/** A county of the dataset, with how its assessor writes parcel numbers (`#` a digit). */
export const County = z.object({ name: z.string(), apn_format: z.string(), property_count: z.number().int().nonnegative() });
export type County = z.infer<typeof County>;
export const CountyList = z.object({ items: z.array(County) });
export type CountyList = z.infer<typeof CountyList>;

export const PropertyIdParams = z.object({ id: z.string().trim().min(1).max(64) });

/**
 * Ownership is shown by control of the property, never by public-record answers: a one-time code mailed to the
 * property's address. Per account and property, for its whole life (not per day): at most `maxLetters` letters and
 * `maxWrongCodes` wrong codes, after which it is locked for good. A letter's code is valid `codeValidDays` days and a
 * newer letter replaces it.
 */
export const VERIFICATION_RULES = { maxLetters: 3, maxWrongCodes: 5, codeValidDays: 30, codeLength: 8 } as const;

/** Letters of a mailed code: no 0/O, 1/I/L, 2/Z, 5/S, 8/B look-alikes. */
export const MAILED_CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';

/** What the member types: spaces and dashes are ignored, letters are taken in any case ("k7qm-3xpa" is "K7QM3XPA"). */
export const normaliseMailedCode = (code: string): string => code.replace(/[\s-]/g, '').toUpperCase();

/** `provider`: the member confirmed a property their provider attached to their invitation (issue 21 item 4). */
export const VERIFICATION_METHODS = ['mailed_code', 'document', 'provider'] as const;
export const VerificationMethod = z.enum(VERIFICATION_METHODS);
export type VerificationMethod = z.infer<typeof VerificationMethod>;

/**
 * One account's verification of one property as the member sees it (`GET /properties/verifications/mine`, and the
 * answer of a letter request): `letter_sent` waits for the code from the letter; `locked` took every try.
 */
/**
 * The second way: a deed or property-tax bill (PDF, JPEG or PNG, checked by its content) that a Super Admin reviews.
 * At most `maxDocuments` per account and property, ever; a rejected one may be followed by another until then.
 */
export const DOCUMENT_RULES = { maxDocuments: 3, maxReasonLength: 500 } as const;
export const PROPERTY_DOCUMENT_KINDS = ['deed', 'tax_bill'] as const;
export const PropertyDocumentKind = z.enum(PROPERTY_DOCUMENT_KINDS, { error: 'kind must be deed or tax_bill' });
export type PropertyDocumentKind = z.infer<typeof PropertyDocumentKind>;

/** `POST /properties/:id/verifications/documents`: the document as base64 or a data: URL, and what it is. */
export const PropertyDocumentBody = DocumentUpload.extend({ kind: PropertyDocumentKind });
export type PropertyDocumentBody = z.infer<typeof PropertyDocumentBody>;

/** The member's newest document for a property: under review, or rejected with the reviewer's reason. */
export const OwnershipDocument = z.object({
  document_id: z.string(),
  kind: PropertyDocumentKind,
  status: z.enum(['under_review', 'rejected', 'approved']),
  submitted_at: z.string(),
  reason: z.string().nullable(),
  reviewed_at: z.string().nullable(),
});
export type OwnershipDocument = z.infer<typeof OwnershipDocument>;

export const OwnershipVerification = z.object({
  property_id: z.string(),
  property: PropertySummary,
  /** `document_review`: a document waits for a Super Admin; `document_rejected`: the newest was rejected and no letter was mailed. */
  status: z.enum(['letter_sent', 'document_review', 'document_rejected', 'verified', 'locked']),
  method: VerificationMethod,
  letters_sent: z.number().int().nonnegative(),
  letters_left: z.number().int().nonnegative(),
  tries_left: z.number().int().nonnegative(),
  letter_sent_at: z.string().nullable(),
  /** When the newest letter's code stops working (null before any letter). */
  code_expires_at: z.string().nullable(),
  verified_at: z.string().nullable(),
  /** The newest document sent for this property, if any. */
  document: OwnershipDocument.nullable(),
  documents_left: z.number().int().nonnegative(),
});
export type OwnershipVerification = z.infer<typeof OwnershipVerification>;

/** A row of `GET /admin/properties/documents` (Super Admin): a document and its review. */
export const PropertyDocumentReview = z.object({
  document_id: z.string(),
  account_id: z.string(),
  property: PropertySummary,
  kind: PropertyDocumentKind,
  content_type: z.string(),
  status: z.enum(['under_review', 'rejected', 'approved']),
  submitted_at: z.string(),
  reason: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  reviewed_by: z.string().nullable(),
});
export type PropertyDocumentReview = z.infer<typeof PropertyDocumentReview>;
export const PropertyDocumentsQuery = listQuery({
  sortFields: PROPERTY_DOCUMENT_SORT_FIELDS,
  defaultSort: 'submitted_at',
  defaultOrder: 'asc',
  filters: { status: z.enum(['under_review', 'rejected', 'approved'], { error: 'status must be under_review, rejected or approved' }).default('under_review') },
});
export type PropertyDocumentsQuery = z.infer<typeof PropertyDocumentsQuery>;
export const PropertyDocumentIdParams = z.object({ document_id: z.string().trim().min(1).max(64) });

/** `POST /admin/properties/documents/:document_id/reject`: the reason the member sees. */
export const RejectPropertyDocumentBody = z.object({
  reason: z
    .string({ error: 'Say why the document is rejected: the member sees it.' })
    .trim()
    .min(3, 'Say why the document is rejected: the member sees it.')
    .max(DOCUMENT_RULES.maxReasonLength, `The reason must be at most ${DOCUMENT_RULES.maxReasonLength} characters.`),
});
export type RejectPropertyDocumentBody = z.infer<typeof RejectPropertyDocumentBody>;
export const OwnershipVerificationList = z.object({ items: z.array(OwnershipVerification) });
export type OwnershipVerificationList = z.infer<typeof OwnershipVerificationList>;

/** `POST /properties/:id/verifications/code`: the code printed in the letter. */
export const MailedCodeBody = z.object({
  code: z
    .string({ error: 'Enter the code from the letter.' })
    .max(40, 'Enter the code from the letter.')
    .transform(normaliseMailedCode)
    .pipe(
      z
        .string()
        .min(1, 'Enter the code from the letter.')
        .regex(
          new RegExp(`^[${MAILED_CODE_ALPHABET}]{${VERIFICATION_RULES.codeLength}}$`),
          `The code has ${VERIFICATION_RULES.codeLength} letters and digits, as printed in the letter (for example K7QM-3XPA).`,
        ),
    ),
});
export type MailedCodeBody = z.input<typeof MailedCodeBody>;

export const VerificationPassed = z.object({ property_id: z.string(), verified: z.literal(true), property: PropertySummary });
export type VerificationPassed = z.infer<typeof VerificationPassed>;

/** The 400 of a wrong code: how many tries are left for this account and property (0: locked for good). */
export const VerificationRejected = ErrorEnvelope.extend({ tries_left: z.number().int().nonnegative() });
export type VerificationRejected = z.infer<typeof VerificationRejected>;

export const PROPERTY_ERROR_CODES = [
  'PROPERTY_NOT_FOUND',
  'PROPERTY_ALREADY_VERIFIED',
  'TOO_MANY_VERIFICATIONS',
  'VERIFICATION_NOT_FOUND',
  'VERIFICATION_EXPIRED',
  'VERIFICATION_LOCKED',
  'VERIFICATION_COMPLETE',
  'VERIFICATION_INCORRECT',
  'NO_LETTER_SENT',
  'CODE_EXPIRED',
  'TOO_MANY_LETTERS',
  'MAILED_CODES_UNAVAILABLE',
  'DOCUMENT_UNDER_REVIEW',
  'TOO_MANY_DOCUMENTS',
  'DOCUMENT_NOT_FOUND',
  'DOCUMENT_ALREADY_REVIEWED',
] as const;
export type PropertyErrorCode = (typeof PROPERTY_ERROR_CODES)[number];

/** Event data of `PropertyVerified` (the account now holds the property); identity's sign-up progress reads it. */
export const PropertyVerifiedData = z.object({
  verification_id: z.string(),
  account_id: z.string(),
  property_id: z.string(),
  address_line: z.string(),
  city: z.string(),
  county: z.string(),
  state: z.literal('CA'),
  zip: z.string(),
  apn: z.string(),
  verified_at: z.string(),
  /** How control of the property was shown (absent on verifications before mailed codes). */
  method: VerificationMethod.optional(),
  /** Who vouched for it when not the member alone, e.g. "confirmed by provider Acme Realty" (method `provider`). */
  source: z.string().optional(),
});
export type PropertyVerifiedData = z.infer<typeof PropertyVerifiedData>;
export const PROPERTY_VERIFIED = 'PropertyVerified';

/**
 * Event data of `PropertyVerificationPending`: the account asked to verify the property (a letter with a code is on its
 * way). Not a verification: nothing may treat the property as the account's until `PropertyVerified`. Identity's
 * sign-up progress reads it so the wizard goes on while the letter travels.
 */
export const PropertyVerificationPendingData = PropertyVerifiedData.omit({ verified_at: true, method: true, source: true }).extend({
  method: VerificationMethod,
  requested_at: z.string(),
});
export type PropertyVerificationPendingData = z.infer<typeof PropertyVerificationPendingData>;
export const PROPERTY_VERIFICATION_PENDING = 'PropertyVerificationPending';

/** A row of `GET /properties/verified` (the caller's own). */
export const VerifiedProperty = PropertySummary.omit({ id: true }).extend({
  property_id: z.string(),
  verification_id: z.string(),
  verified_at: z.string(),
  /** How it was verified (null on verifications recorded before methods). */
  method: VerificationMethod.nullable().default(null),
  /** Who vouched for it, e.g. "confirmed by provider Acme Realty" (method `provider`). */
  source: z.string().nullable().default(null),
});
export type VerifiedProperty = z.infer<typeof VerifiedProperty>;

export const VerifiedPropertiesQuery = listQuery({ sortFields: VERIFIED_PROPERTY_SORT_FIELDS, defaultSort: 'verified_at' });
export type VerifiedPropertiesQuery = z.infer<typeof VerifiedPropertiesQuery>;

/** A contract event as a copy's fold reads it. */
interface PropertyEvent {
  type: string;
  data: unknown;
}

/** The id of another module's copy of a verification: one per account and property. */
export const verifiedPropertyKey = (accountId: string, propertyId: string) => `${accountId}:${propertyId}`;

/** Another module's copy of a verified property: the first verification of a property by an account stands. */
export const nextVerifiedProperty = (copy: PropertyVerifiedData | null, event: PropertyEvent): PropertyVerifiedData | null => {
  if (copy || event.type !== PROPERTY_VERIFIED) return copy;
  const verified = PropertyVerifiedData.safeParse(event.data);
  return verified.success ? verified.data : copy;
};

/** The properties events that complete the sign-up wizard's property step (a verification, or a letter on its way). */
export const PROPERTY_STEP_EVENTS = [PROPERTY_VERIFIED, PROPERTY_VERIFICATION_PENDING] as const;

/** Another module's copy of whether an account has done the wizard's property step (keyed by `account_id`). */
export interface PropertyStep {
  account_id: string;
  since: string;
}

/** The published fold of `PROPERTY_STEP_EVENTS`: the first verification (or pending verification) stands. */
export const nextPropertyStep = (copy: PropertyStep | null, event: PropertyEvent): PropertyStep | null => {
  if (copy) return copy;
  if (event.type === PROPERTY_VERIFIED) {
    const d = PropertyVerifiedData.safeParse(event.data);
    return d.success ? { account_id: d.data.account_id, since: d.data.verified_at } : copy;
  }
  if (event.type === PROPERTY_VERIFICATION_PENDING) {
    const d = PropertyVerificationPendingData.safeParse(event.data);
    return d.success ? { account_id: d.data.account_id, since: d.data.requested_at } : copy;
  }
  return copy;
};

import { z } from 'zod';
import { ErrorEnvelope, listQuery } from './http.ts';
import { VERIFIED_PROPERTY_SORT_FIELDS } from './sort-fields.ts';

export { VERIFIED_PROPERTY_SORT_FIELDS };

/**
 * Properties: lookup (address autocomplete, APN), verification questions, and the properties an account verified.
 * The data behind them is a bundled SAMPLE dataset of California properties (DECISIONS.md, "Property data").
 */

/** What search shows of a property: never the owner name, year built or hazard flags (they answer the questions). */
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
export const VerificationIdParams = z.object({ verification_id: z.uuid({ error: 'verification_id must be a UUID' }) });

/** Wrong submissions a verification accepts before it locks; starts per account and property within a day. */
export const VERIFICATION_RULES = { maxWrongTries: 3, validSeconds: 15 * 60, maxStartsPerDay: 3 } as const;

export const VerificationQuestion = z.object({ id: z.string(), prompt: z.string(), choices: z.array(z.string()).min(2) });
export type VerificationQuestion = z.infer<typeof VerificationQuestion>;

/** `POST /properties/:id/verifications` (signed in). */
export const VerificationStarted = z.object({
  verification_id: z.string(),
  property_id: z.string(),
  questions: z.array(VerificationQuestion),
  tries_left: z.number().int().nonnegative(),
  expires_at: z.string(),
});
export type VerificationStarted = z.infer<typeof VerificationStarted>;

/** `POST /properties/verifications/:verification_id/answers`: one chosen choice per question id. */
export const VerificationAnswersBody = z.object({
  answers: z
    .record(z.string().max(32), z.string().max(200), { error: 'answers must map each question id to the chosen answer' })
    .refine((answers) => Object.keys(answers).length <= 20, 'answers holds at most 20 questions'),
});
export type VerificationAnswersBody = z.infer<typeof VerificationAnswersBody>;

export const VerificationPassed = z.object({ property_id: z.string(), verified: z.literal(true), property: PropertySummary });
export type VerificationPassed = z.infer<typeof VerificationPassed>;

/** The 400 of a wrong set of answers: how many submissions are left (0: the verification is now locked). */
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
  'ANSWERS_INCOMPLETE',
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
});
export type PropertyVerifiedData = z.infer<typeof PropertyVerifiedData>;
export const PROPERTY_VERIFIED = 'PropertyVerified';

/** A row of `GET /properties/verified` (the caller's own). */
export const VerifiedProperty = PropertySummary.omit({ id: true }).extend({
  property_id: z.string(),
  verification_id: z.string(),
  verified_at: z.string(),
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

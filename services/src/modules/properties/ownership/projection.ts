import { z } from 'zod';
import {
  DOCUMENT_RULES,
  OwnershipDocument,
  PROPERTY_VERIFIED,
  PropertyDocumentKind,
  PropertySummary,
  PropertyVerifiedData,
  VERIFICATION_RULES,
  type OwnershipVerification,
} from '@acpg/contracts/properties';
import type { DomainEvent } from '../../../platform/commands/handle-command.ts';
import type { Doc } from '../../../platform/documents/port.ts';
import { defineProjection } from '../../../platform/projections/define.ts';

export const PROPERTY_VERIFICATIONS_COLLECTION = 'property_verifications';

const Mailed = z.object({ account_id: z.string(), property: PropertySummary, sent_at: z.string(), expires_at: z.string() });
const Rejected = z.object({ account_id: z.string(), property_id: z.string(), failures: z.number().int() });
const Locked = z.object({ account_id: z.string(), property_id: z.string(), at: z.string() });
export const DocumentSubmitted = z.object({
  document_id: z.string(),
  account_id: z.string(),
  property: PropertySummary,
  kind: PropertyDocumentKind,
  file_key: z.string(),
  content_type: z.string(),
  submitted_at: z.string(),
});
export const DocumentApproved = z.object({ document_id: z.string(), account_id: z.string(), property_id: z.string(), by: z.string(), at: z.string() });
export const DocumentRejected = DocumentApproved.extend({ reason: z.string() });

type ViewEvent =
  | DomainEvent<'PropertyCodeMailed', z.infer<typeof Mailed>>
  | DomainEvent<'PropertyCodeRejected', z.infer<typeof Rejected>>
  | DomainEvent<'PropertyVerificationLocked', z.infer<typeof Locked>>
  | DomainEvent<typeof PROPERTY_VERIFIED, PropertyVerifiedData>
  | DomainEvent<'PropertyDocumentSubmitted', z.infer<typeof DocumentSubmitted>>
  | DomainEvent<'PropertyDocumentApproved', z.infer<typeof DocumentApproved>>
  | DomainEvent<'PropertyDocumentRejected', z.infer<typeof DocumentRejected>>;

const keyOf = (accountId: string, propertyId: string) => `${accountId}:${propertyId}`;
const accountOf = (event: ViewEvent) => event.data.account_id;
const propertyOf = (event: ViewEvent) =>
  event.type === 'PropertyCodeMailed' || event.type === 'PropertyDocumentSubmitted' ? event.data.property.id : event.data.property_id;

/**
 * Read model `property_verifications`: each account's verification of each property as the member follows it (a
 * letter on its way, tries and letters left, verified or locked). `GET /properties/verifications/mine` reads it.
 */
export const propertyVerificationsProjection = defineProjection<ViewEvent>({
  name: 'properties.property_verifications',
  collection: PROPERTY_VERIFICATIONS_COLLECTION,
  handles: [
    'PropertyCodeMailed',
    'PropertyCodeRejected',
    'PropertyVerificationLocked',
    PROPERTY_VERIFIED,
    'PropertyDocumentSubmitted',
    'PropertyDocumentApproved',
    'PropertyDocumentRejected',
  ],
  fromStored: (stored) => {
    if (!stored.stream.startsWith('properties-')) return null;
    switch (stored.type) {
      case 'PropertyCodeMailed': {
        const d = Mailed.safeParse(stored.data);
        return d.success ? { type: stored.type, data: d.data } : null;
      }
      case 'PropertyCodeRejected': {
        const d = Rejected.safeParse(stored.data);
        return d.success ? { type: stored.type, data: d.data } : null;
      }
      case 'PropertyVerificationLocked': {
        // Quiz verifications (before mailed codes) were locked per verification: only the pair's stream locks a property.
        if (!stored.stream.startsWith('properties-ownership-')) return null;
        const d = Locked.safeParse(stored.data);
        return d.success ? { type: stored.type, data: d.data } : null;
      }
      case PROPERTY_VERIFIED: {
        const d = PropertyVerifiedData.safeParse(stored.data);
        return d.success ? { type: PROPERTY_VERIFIED, data: d.data } : null;
      }
      case 'PropertyDocumentSubmitted': {
        const d = DocumentSubmitted.safeParse(stored.data);
        return d.success ? { type: stored.type, data: d.data } : null;
      }
      case 'PropertyDocumentApproved': {
        const d = DocumentApproved.safeParse(stored.data);
        return d.success ? { type: stored.type, data: d.data } : null;
      }
      case 'PropertyDocumentRejected': {
        const d = DocumentRejected.safeParse(stored.data);
        return d.success ? { type: stored.type, data: d.data } : null;
      }
      default:
        return null;
    }
  },
  documentId: (event) => keyOf(accountOf(event), propertyOf(event)),
  indexes: ['account_id', 'property_id', 'updated_at'],
  evolve: (doc, event) => {
    const base: Doc = doc ?? {
      _id: keyOf(accountOf(event), propertyOf(event)),
      account_id: accountOf(event),
      property_id: propertyOf(event),
      property: null,
      status: 'none',
      letters_sent: 0,
      failures: 0,
      letter_sent_at: null,
      code_expires_at: null,
      verified_at: null,
      documents_sent: 0,
      document: null,
      updated_at: null,
    };
    switch (event.type) {
      case 'PropertyCodeMailed': {
        const d = event.data;
        return {
          ...base,
          property: d.property,
          status: base.status === 'none' ? 'letter_sent' : base.status,
          letters_sent: Number(base.letters_sent) + 1,
          letter_sent_at: d.sent_at,
          code_expires_at: d.expires_at,
          updated_at: d.sent_at,
        };
      }
      case 'PropertyCodeRejected':
        return { ...base, failures: event.data.failures, updated_at: base.updated_at };
      case 'PropertyVerificationLocked':
        return { ...base, status: 'locked', updated_at: event.data.at };
      case 'PropertyVerified': {
        if (base.status === 'verified') return base;
        const d = event.data;
        const property = { id: d.property_id, address_line: d.address_line, city: d.city, county: d.county, state: d.state, zip: d.zip, apn: d.apn };
        return { ...base, property, status: 'verified', verified_at: d.verified_at, updated_at: d.verified_at, ...(d.method === 'provider' ? { verified_by: 'provider' } : {}) };
      }
      case 'PropertyDocumentSubmitted': {
        const d = event.data;
        const document: OwnershipDocument = { document_id: d.document_id, kind: d.kind, status: 'under_review', submitted_at: d.submitted_at, reason: null, reviewed_at: null };
        return { ...base, property: d.property, documents_sent: Number(base.documents_sent ?? 0) + 1, document, updated_at: d.submitted_at };
      }
      case 'PropertyDocumentApproved':
      case 'PropertyDocumentRejected': {
        const current = OwnershipDocument.safeParse(base.document);
        if (!current.success || current.data.document_id !== event.data.document_id) return base;
        const reviewed: OwnershipDocument =
          event.type === 'PropertyDocumentRejected'
            ? { ...current.data, status: 'rejected', reason: event.data.reason, reviewed_at: event.data.at }
            : { ...current.data, status: 'approved', reviewed_at: event.data.at };
        return { ...base, document: reviewed, updated_at: event.data.at };
      }
      default: {
        const unexpected: never = event;
        throw new Error(`Unknown event ${JSON.stringify(unexpected)}`);
      }
    }
  },
});

const Row = z.object({
  property: PropertySummary,
  status: z.enum(['none', 'letter_sent', 'verified', 'locked']),
  letters_sent: z.number().int(),
  failures: z.number().int(),
  letter_sent_at: z.string().nullable(),
  code_expires_at: z.string().nullable(),
  verified_at: z.string().nullable(),
  documents_sent: z.number().int().optional(),
  document: OwnershipDocument.nullable().optional(),
  verified_by: z.literal('provider').optional(),
});

/** What the member is waiting for: verified and locked stand; else a document under review, a letter, a rejected document. */
const statusOf = (r: z.infer<typeof Row>): OwnershipVerification['status'] | null => {
  if (r.status === 'verified') return 'verified';
  if (r.document?.status === 'under_review') return 'document_review';
  if (r.status === 'locked' || r.status === 'letter_sent') return r.status;
  if (r.document?.status === 'rejected') return 'document_rejected';
  return null;
};

/** A document as the member sees it; null for one that holds no property yet (a wrong code before its letter's row). */
export const toOwnershipVerification = (doc: Doc): OwnershipVerification | null => {
  const row = Row.safeParse(doc);
  if (!row.success) return null;
  const r = row.data;
  const status = statusOf(r);
  if (!status) return null;
  const document = r.document ?? null;
  return {
    property_id: r.property.id,
    property: r.property,
    status,
    method: status === 'verified' && r.verified_by === 'provider' ? 'provider' : status === 'document_review' || status === 'document_rejected' || (status === 'verified' && document?.status === 'approved') ? 'document' : 'mailed_code',
    letters_sent: r.letters_sent,
    letters_left: Math.max(0, VERIFICATION_RULES.maxLetters - r.letters_sent),
    tries_left: Math.max(0, VERIFICATION_RULES.maxWrongCodes - r.failures),
    letter_sent_at: r.letter_sent_at,
    code_expires_at: r.status === 'letter_sent' ? r.code_expires_at : null,
    verified_at: r.verified_at,
    document,
    documents_left: Math.max(0, DOCUMENT_RULES.maxDocuments - (r.documents_sent ?? 0)),
  };
};

import { z } from 'zod';
import { PROPERTY_VERIFIED, PropertySummary, PropertyVerifiedData, VERIFICATION_RULES, type OwnershipVerification } from '@acpg/contracts/properties';
import type { DomainEvent } from '../../../platform/commands/handle-command.ts';
import type { Doc } from '../../../platform/documents/port.ts';
import { defineProjection } from '../../../platform/projections/define.ts';

export const PROPERTY_VERIFICATIONS_COLLECTION = 'property_verifications';

const Mailed = z.object({ account_id: z.string(), property: PropertySummary, sent_at: z.string(), expires_at: z.string() });
const Rejected = z.object({ account_id: z.string(), property_id: z.string(), failures: z.number().int() });
const Locked = z.object({ account_id: z.string(), property_id: z.string(), at: z.string() });

type ViewEvent =
  | DomainEvent<'PropertyCodeMailed', z.infer<typeof Mailed>>
  | DomainEvent<'PropertyCodeRejected', z.infer<typeof Rejected>>
  | DomainEvent<'PropertyVerificationLocked', z.infer<typeof Locked>>
  | DomainEvent<typeof PROPERTY_VERIFIED, PropertyVerifiedData>;

const keyOf = (accountId: string, propertyId: string) => `${accountId}:${propertyId}`;
const accountOf = (event: ViewEvent) => event.data.account_id;
const propertyOf = (event: ViewEvent) => (event.type === 'PropertyCodeMailed' ? event.data.property.id : event.data.property_id);

/**
 * Read model `property_verifications`: each account's verification of each property as the member follows it (a
 * letter on its way, tries and letters left, verified or locked). `GET /properties/verifications/mine` reads it.
 */
export const propertyVerificationsProjection = defineProjection<ViewEvent>({
  name: 'properties.property_verifications',
  collection: PROPERTY_VERIFICATIONS_COLLECTION,
  handles: ['PropertyCodeMailed', 'PropertyCodeRejected', 'PropertyVerificationLocked', PROPERTY_VERIFIED],
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
        return { ...base, property, status: 'verified', verified_at: d.verified_at, updated_at: d.verified_at };
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
  status: z.enum(['letter_sent', 'verified', 'locked']),
  letters_sent: z.number().int(),
  failures: z.number().int(),
  letter_sent_at: z.string().nullable(),
  code_expires_at: z.string().nullable(),
  verified_at: z.string().nullable(),
});

/** A document as the member sees it; null for one that holds no property yet (a wrong code before its letter's row). */
export const toOwnershipVerification = (doc: Doc): OwnershipVerification | null => {
  const row = Row.safeParse(doc);
  if (!row.success) return null;
  const r = row.data;
  return {
    property_id: r.property.id,
    property: r.property,
    status: r.status,
    method: 'mailed_code',
    letters_sent: r.letters_sent,
    letters_left: Math.max(0, VERIFICATION_RULES.maxLetters - r.letters_sent),
    tries_left: Math.max(0, VERIFICATION_RULES.maxWrongCodes - r.failures),
    letter_sent_at: r.letter_sent_at,
    code_expires_at: r.status === 'letter_sent' ? r.code_expires_at : null,
    verified_at: r.verified_at,
  };
};

import { PROPERTY_VERIFIED, PropertyVerifiedData, type VerifiedProperty } from '@acpg/contracts/properties';
import type { DomainEvent } from '../../../platform/commands/handle-command.ts';
import type { Doc } from '../../../platform/documents/port.ts';
import { defineProjection } from '../../../platform/projections/define.ts';

export const VERIFIED_PROPERTIES_COLLECTION = 'verified_properties';

/** One document per account and property: verifying the same property again keeps the first verification. */
export const verifiedPropertyId = (accountId: string, propertyId: string) => `${accountId}:${propertyId}`;

type Verified = DomainEvent<typeof PROPERTY_VERIFIED, PropertyVerifiedData>;

/** The properties each account verified (`GET /properties/verified`, and the "already verified" check). */
export const verifiedPropertiesProjection = defineProjection<Verified>({
  name: 'properties.verified_properties',
  collection: VERIFIED_PROPERTIES_COLLECTION,
  handles: [PROPERTY_VERIFIED],
  fromStored: (stored) => {
    if (stored.type !== PROPERTY_VERIFIED || !stored.stream.startsWith('properties-')) return null;
    const data = PropertyVerifiedData.safeParse(stored.data);
    return data.success ? { type: PROPERTY_VERIFIED, data: data.data } : null;
  },
  documentId: (event) => verifiedPropertyId(event.data.account_id, event.data.property_id),
  indexes: ['account_id', 'verified_at'],
  evolve: (doc, event) => {
    if (doc) return doc;
    const d = event.data;
    return {
      _id: verifiedPropertyId(d.account_id, d.property_id),
      account_id: d.account_id,
      property_id: d.property_id,
      verification_id: d.verification_id,
      address_line: d.address_line,
      city: d.city,
      county: d.county,
      state: d.state,
      zip: d.zip,
      apn: d.apn,
      verified_at: d.verified_at,
      ...(d.method ? { method: d.method } : {}),
      ...(d.source ? { source: d.source } : {}),
    };
  },
});

export const toVerifiedProperty = (doc: Doc): VerifiedProperty => ({
  property_id: String(doc.property_id),
  verification_id: String(doc.verification_id),
  address_line: String(doc.address_line),
  city: String(doc.city),
  county: String(doc.county),
  state: 'CA',
  zip: String(doc.zip),
  apn: String(doc.apn),
  verified_at: String(doc.verified_at),
  method: typeof doc.method === 'string' ? (doc.method as VerifiedProperty['method']) : null,
  source: typeof doc.source === 'string' ? doc.source : null,
});

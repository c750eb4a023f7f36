import { nextVerifiedProperty, PROPERTY_VERIFIED, verifiedPropertyKey, type PropertyVerifiedData } from '@acpg/contracts/properties';
import type { MemberProperty } from '@acpg/contracts/on-behalf';
import { DomainError } from '../commands/domain-error.ts';
import type { Platform } from '../module.ts';
import type { Projection } from '../projections/port.ts';
import { localCopy } from './define.ts';
import { readCopy } from './read-copy.ts';

/**
 * A module's own copy of which account verified which property (the properties module's `PropertyVerified` contract
 * events): modules that act on a verified property (equity, reimbursement) declare it, never reading properties' data.
 */
export const verifiedPropertiesCopy = (module: string): Projection => {
  const known = copies.get(module);
  if (known) return known;
  const copy = localCopy<PropertyVerifiedData>({
    module,
    of: 'verified_properties',
    source: 'properties',
    events: [PROPERTY_VERIFIED],
    idOf: (data) => {
      const d = data as { account_id?: unknown; property_id?: unknown } | null;
      return typeof d?.account_id === 'string' && typeof d.property_id === 'string' ? verifiedPropertyKey(d.account_id, d.property_id) : null;
    },
    next: nextVerifiedProperty,
    indexes: ['account_id', 'property_id'],
  });
  copies.set(module, copy);
  return copy;
};
const copies = new Map<string, Projection>();

/** Did this account verify this property? (`module`'s copy, caught up with the log first.) */
export const verifiedByAccount = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, module: string, accountId: string, propertyId: string): Promise<boolean> =>
  (await readCopy(platform, verifiedPropertiesCopy(module), verifiedPropertyKey(accountId, propertyId))) !== null;

/** A Provider Admin acting for a user: refuses (400 PROPERTY_NOT_VERIFIED) a property not verified as the user's. */
export const requireVerifiedForMember = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, module: string, accountId: string, propertyId: string): Promise<void> => {
  if (!(await verifiedByAccount(platform, module, accountId, propertyId))) {
    throw new DomainError('invalid', 'PROPERTY_NOT_VERIFIED', 'This property is not verified as this user’s. Choose one of their verified properties.', [{ path: 'property_id', message: 'Choose one of the user’s verified properties' }]);
  }
};

/** A document of a module's copy as the user's verified property a Provider Admin sees. */
export const toMemberProperty = (doc: Record<string, unknown>): MemberProperty => ({
  property_id: String(doc.property_id),
  address_line: String(doc.address_line),
  city: String(doc.city),
  county: String(doc.county),
  state: String(doc.state),
  zip: String(doc.zip),
  apn: String(doc.apn),
  verified_at: String(doc.verified_at),
});

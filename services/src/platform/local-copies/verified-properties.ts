import { nextVerifiedProperty, PROPERTY_VERIFIED, verifiedPropertyKey, type PropertyVerifiedData } from '@acpg/contracts/properties';
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

import type { PropertySummary } from '@acpg/contracts/properties';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { toSummary, type PropertyData } from '../../../platform/property-data/port.ts';
import { propertyData } from '../../../platform/property-data/select.ts';

/**
 * Properties a provider attaches to an invitation are only ids the property data knows: checked here, through the
 * platform's one property-data port, before any command (the decider never sees an unknown id).
 */
export const unknownProperty = (path: string, ref: string) => {
  const message = `No property ${ref} is known. Pick it from the address search.`;
  return new DomainError('invalid', 'PROPERTY_NOT_FOUND', message, [{ path, message }]);
};

/** The summaries of these ids, in order (repeats dropped); the first unknown one is refused, naming its place. */
export const knownProperties = async (ids: readonly string[], data: PropertyData = propertyData()): Promise<PropertySummary[]> => {
  const found: PropertySummary[] = [];
  for (const [index, id] of [...new Set(ids)].entries()) {
    const record = await data.findById(id);
    if (!record) throw unknownProperty(`properties.${index}`, id);
    found.push(toSummary(record));
  }
  return found;
};

/** A CSV cell's property: its id, or its APN (any punctuation); null when neither is known. */
export const propertyOfRef = async (ref: string, data: PropertyData = propertyData()): Promise<PropertySummary | null> => {
  const record = (await data.findById(ref)) ?? (await data.findByApn(ref));
  return record ? toSummary(record) : null;
};

/** The summaries of ids already checked when attached; one the data no longer knows is left out of what is shown. */
export const summariesOf = async (ids: readonly string[], data: PropertyData = propertyData()): Promise<PropertySummary[]> => {
  const records = await Promise.all(ids.map((id) => data.findById(id)));
  return records.flatMap((r) => (r ? [toSummary(r)] : []));
};

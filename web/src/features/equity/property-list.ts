import type { ProtectedProperty } from '@acpg/contracts/equity';
import type { Filters } from '../../lib/paged-list.ts';
import { addressOf } from './equity-text.ts';

/**
 * What the Equity Protect lists of a member's properties (alerts, enrollments) share: a row is one account's, on one
 * property, at one time; a member sees their own, a Super Admin every member's (named). Pure, so it is tested alone;
 * the hook and the columns over it are in `components/PropertyList.tsx`.
 */
export interface PropertyRow {
  id: string;
  account_id: string;
  property: ProtectedProperty;
}

/** Who the row is for, in an export: the member's name (their id while it is unknown) for a Super Admin, else "Me". */
export const memberCell = (admin: boolean, nameOf: (id: string) => string | null, row: Pick<PropertyRow, 'account_id'>) =>
  admin ? (nameOf(row.account_id) ?? row.account_id) : 'Me';

/** An export row's first cells, alike in every such list: id, time, member, address, county, APN. */
export const leadCells = (admin: boolean, nameOf: (id: string) => string | null, row: PropertyRow, at: string) => [
  row.id,
  at,
  memberCell(admin, nameOf, row),
  addressOf(row.property),
  row.property.county,
  row.property.apn,
];

/** The search box's hint: a Super Admin also finds rows by the member's name or email (the server looks them up). */
export const searchHintFor = (admin: boolean, hint: string) => (admin ? `Member name or email, ${hint.charAt(0).toLowerCase()}${hint.slice(1)}` : hint);

type PropertyFilter = 'q' | 'county' | 'from' | 'to';

/**
 * Whether a pushed row passes the filters every such list has (the server applies the same rules on the next read):
 * the search words (the row's id, its property's address, city, ZIP and APN, and `words`), county, and from/to days of
 * `at`. The status and other filters are each list's own.
 */
export const matchesProperty = (row: PropertyRow, f: Filters<PropertyFilter>, at: string, words: readonly string[] = []) => {
  const p = row.property;
  const text = [row.id, p.address_line, p.city, p.zip, p.apn, ...words].join(' ').toLowerCase();
  const day = at.slice(0, 10);
  return (!f.q || text.includes(f.q.toLowerCase())) && (!f.county || p.county === f.county) && (!f.from || day >= f.from) && (!f.to || day <= f.to);
};

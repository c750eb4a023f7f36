import { describe, expect, it } from 'vitest';
import { leadCells, matchesProperty, memberCell, searchHintFor, type PropertyRow } from './property-list.ts';

const row: PropertyRow = {
  id: 'alert-7',
  account_id: 'acct-1',
  property: { property_id: 'ca-scl-00007', address_line: '1234 Oak Street', city: 'San Jose', county: 'Santa Clara', state: 'CA', zip: '95125', apn: '123-45-678' },
};
const at = '2026-03-01T10:00:00.000Z';
const names = (id: string) => (id === 'acct-1' ? 'Dana Lee' : null);

describe('the rows of an Equity Protect property list', () => {
  it('exports id, time, member, address, county and APN first; a member is "Me", a Super Admin sees the name or else the id', () => {
    expect(leadCells(false, names, row, at)).toEqual(['alert-7', at, 'Me', '1234 Oak Street, San Jose, CA 95125', 'Santa Clara', '123-45-678']);
    expect(leadCells(true, names, row, at)[2]).toBe('Dana Lee');
    expect(memberCell(true, names, { account_id: 'acct-2' })).toBe('acct-2');
  });

  it('tells a Super Admin the search also finds members by name or email', () => {
    expect(searchHintFor(false, 'Address, APN or county')).toBe('Address, APN or county');
    expect(searchHintFor(true, 'Address, APN or county')).toBe('Member name or email, address, APN or county');
    expect(searchHintFor(true, 'Address, APN, document number or a party’s name')).toBe('Member name or email, address, APN, document number or a party’s name');
  });

  it('takes a pushed row by search words (id, address, city, ZIP, APN and the list’s own), county and from/to days', () => {
    expect(matchesProperty(row, {}, at)).toBe(true);
    expect(matchesProperty(row, { q: 'OAK street' }, at)).toBe(true);
    expect(matchesProperty(row, { q: 'alert-7' }, at)).toBe(true);
    expect(matchesProperty(row, { q: '95125' }, at)).toBe(true);
    expect(matchesProperty(row, { q: 'grantor smith' }, at)).toBe(false);
    expect(matchesProperty(row, { q: 'grantor smith' }, at, ['Grantor Smith'])).toBe(true);
    expect(matchesProperty(row, { county: 'Santa Clara' }, at)).toBe(true);
    expect(matchesProperty(row, { county: 'Alameda' }, at)).toBe(false);
    expect(matchesProperty(row, { from: '2026-03-01', to: '2026-03-01' }, at)).toBe(true);
    expect(matchesProperty(row, { from: '2026-03-02' }, at)).toBe(false);
    expect(matchesProperty(row, { to: '2026-02-28' }, at)).toBe(false);
  });
});

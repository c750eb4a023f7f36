import { describe, expect, it } from 'vitest';
import type { AdminAccountRow } from '@acpg/contracts/account-administration';
import { accountMatches, auditWhat, exportRow } from './account-text.ts';

const row: AdminAccountRow = {
  id: 'a1', full_name: '=cmd', email: 'jo@example.com', phone_masked: null, roles: ['Customer', 'Admin'], provider_id: null,
  status: 'suspended', created_at: '2026-01-02T12:00:00.000Z', version: 3, position: 9,
};

describe('account administration texts', () => {
  it('a pushed row belongs in the list when its role and status match the filters', () => {
    expect(accountMatches(row, {})).toBe(true);
    expect(accountMatches(row, { role: 'Admin', status: 'suspended' })).toBe(true);
    expect(accountMatches(row, { role: 'Super Admin' })).toBe(false);
    expect(accountMatches(row, { status: 'active' })).toBe(false);
  });

  it('names an audit entry, with the roles a change left', () => {
    expect(auditWhat({ type: 'AccountRolesChanged', by: 'x', by_name: null, reason: 'r', at: 't', roles: ['Admin'] })).toBe('Roles changed to Admin');
    expect(auditWhat({ type: 'AccountSuspended', by: 'x', by_name: null, reason: 'r', at: 't' })).toBe('Suspended');
  });

  it('exports a row as the list shows it', () => {
    expect(exportRow(row)).toEqual(['=cmd', 'jo@example.com', '', 'Customer, Admin', '', 'Suspended', '01-02-2026']);
  });
});

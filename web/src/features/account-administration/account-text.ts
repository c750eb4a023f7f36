import type { AccountAuditEntry, AccountStatus, AdminAccountRow } from '@acpg/contracts/account-administration';
import { ROLES } from '@acpg/contracts/role-names';
import { formatDateUs } from '../../lib/dates.ts';
import type { Filters } from '../../lib/paged-list.ts';
import type { FilterKey } from './api/accounts.ts';

export const STATUS_TEXT: Record<AccountStatus, string> = { active: 'Active', suspended: 'Suspended' };
export const STATUS_COLOR: Record<AccountStatus, 'success' | 'danger'> = { active: 'success', suspended: 'danger' };

export const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: role }));
export const STATUS_OPTIONS = (['active', 'suspended'] as const).map((status) => ({ value: status, label: STATUS_TEXT[status] }));

export const rolesText = (roles: readonly string[]) => roles.join(', ');

/** Whether a pushed row belongs in the list as filtered (the search is the server's alone). */
export const accountMatches = (row: AdminAccountRow, f: Filters<FilterKey>) =>
  (!f.role || (row.roles as readonly string[]).includes(f.role)) && (!f.status || row.status === f.status);

export const EXPORT_HEADER = ['Name', 'Email', 'Phone', 'Roles', 'Provider', 'Status', 'Signed up'];
export const exportRow = (row: AdminAccountRow) => [
  row.full_name,
  row.email,
  row.phone_masked ?? '',
  rolesText(row.roles),
  row.provider_id ?? '',
  STATUS_TEXT[row.status],
  formatDateUs(row.created_at),
];

const AUDIT_WHAT: Record<AccountAuditEntry['type'], string> = {
  AccountRolesChanged: 'Roles changed',
  AccountSuspended: 'Suspended',
  AccountReactivated: 'Reactivated',
};
/** One line of the audit trail: what happened (with the new roles). */
export const auditWhat = (entry: AccountAuditEntry) =>
  entry.type === 'AccountRolesChanged' && entry.roles ? `${AUDIT_WHAT[entry.type]} to ${rolesText(entry.roles)}` : AUDIT_WHAT[entry.type];

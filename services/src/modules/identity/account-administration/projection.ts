import { ADMIN_ACCOUNT_UPDATED_MESSAGE, AdminAccountRow } from '@acpg/contracts/account-administration';
import type { Doc } from '../../../platform/documents/port.ts';
import type { ProjectionPush } from '../../../platform/projections/define.ts';
import { defineProjection } from '../../../platform/projections/define.ts';
import { toAccountEvent, type AccountEvent } from '../account/decider.ts';

export const ADMIN_ACCOUNTS_COLLECTION = 'identity_admin_accounts';

const searchText = (doc: { full_name?: unknown; email?: unknown }) => `${String(doc.full_name ?? '')} ${String(doc.email ?? '')}`.toLowerCase();

/** A document of the read model as the contract's row (null for one that does not fit). */
export const toAdminAccountRow = (doc: Doc): AdminAccountRow | null => {
  const row = AdminAccountRow.safeParse({ ...doc, version: doc._version ?? 0, position: doc._position ?? 0 });
  return row.success ? row.data : null;
};

/** Every change is pushed to Super Admins (the accounts list is theirs). */
const pushAdminAccount: ProjectionPush<AccountEvent> = (applied, realtime) => {
  for (const { doc } of applied) {
    const row = doc ? toAdminAccountRow(doc) : null;
    if (row) realtime.toRole('Super Admin', ADMIN_ACCOUNT_UPDATED_MESSAGE, row);
  }
};

/**
 * Read model `identity_admin_accounts`: every account as the Super Admins' accounts list shows it (name, email, masked
 * phone, roles, provider, status, sign-up date) and searches it (`search_text`: name and email in lower case).
 */
export const adminAccountsProjection = defineProjection({
  name: 'identity.admin-accounts',
  collection: ADMIN_ACCOUNTS_COLLECTION,
  handles: ['AccountRegistered', 'AccountNameChanged', 'AccountEmailChanged', 'AccountPhoneChanged', 'AccountRolesChanged', 'AccountSuspended', 'AccountReactivated'],
  indexes: ['roles', 'status', 'created_at', 'email', 'full_name'],
  fromStored: toAccountEvent,
  documentId: (event) => event.data.account_id,
  evolve: (doc, event, stored) => {
    switch (event.type) {
      case 'AccountRegistered': {
        const d = event.data;
        const row = { full_name: d.full_name, email: d.email };
        return {
          _id: d.account_id,
          id: d.account_id,
          ...row,
          phone_masked: d.phone_masked,
          roles: d.roles,
          provider_id: null,
          status: 'active',
          created_at: stored.occurredAt,
          search_text: searchText(row),
        };
      }
      case 'AccountNameChanged':
        return doc ? { ...doc, full_name: event.data.full_name, search_text: searchText({ ...doc, full_name: event.data.full_name }) } : doc;
      case 'AccountEmailChanged':
        return doc ? { ...doc, email: event.data.email, search_text: searchText({ ...doc, email: event.data.email }) } : doc;
      case 'AccountPhoneChanged':
        return doc ? { ...doc, phone_masked: event.data.phone_masked } : doc;
      case 'AccountRolesChanged':
        return doc ? { ...doc, roles: event.data.roles, provider_id: event.data.provider_id } : doc;
      case 'AccountSuspended':
        return doc ? { ...doc, status: 'suspended' } : doc;
      case 'AccountReactivated':
        return doc ? { ...doc, status: 'active' } : doc;
      default:
        return doc;
    }
  },
  push: pushAdminAccount,
});

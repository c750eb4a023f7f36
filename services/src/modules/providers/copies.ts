import { ACCOUNT_ROLES_EVENTS, nextAccountRoles, type AccountRoles } from '@acpg/contracts/identity';
import { accountContactsCopy } from '../../platform/local-copies/account-contacts.ts';
import { idField, localCopy } from '../../platform/local-copies/define.ts';
import { findInCopy, readCopy } from '../../platform/local-copies/read-copy.ts';
import type { Platform } from '../../platform/module.ts';

/** The providers module's copy of each account's name and email (identity's contract events). */
export const providersAccountContacts = accountContactsCopy('providers');

/** Ids of the accounts using `email` (lower case) in the copy, caught up with the log first. */
export const accountsByEmail = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, email: string): Promise<string[]> =>
  (await findInCopy(platform, providersAccountContacts, { email: email.toLowerCase() }, { limit: 2 })).map((d) => String(d._id));

/** The providers module's copy of each account's roles (identity's `ACCOUNT_ROLES_EVENTS`, folded by `nextAccountRoles`). */
export const providersAccountRoles = localCopy<AccountRoles>({ module: 'providers', of: 'account_roles', source: 'identity', events: ACCOUNT_ROLES_EVENTS, idOf: idField('account_id'), next: nextAccountRoles });

/** The account's roles in the copy (caught up with the log first); none for an account it does not hold. */
export const accountRolesOf = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, accountId: string): Promise<string[]> => {
  const doc = await readCopy(platform, providersAccountRoles, accountId);
  return Array.isArray(doc?.roles) ? doc.roles.map(String) : [];
};

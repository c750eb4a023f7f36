import { accountContactsCopy } from '../../platform/local-copies/account-contacts.ts';
import { findInCopy } from '../../platform/local-copies/read-copy.ts';
import type { Platform } from '../../platform/module.ts';

/** The providers module's copy of each account's name and email (identity's contract events). */
export const providersAccountContacts = accountContactsCopy('providers');

/** Ids of the accounts using `email` (lower case) in the copy, caught up with the log first. */
export const accountsByEmail = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, email: string): Promise<string[]> =>
  (await findInCopy(platform, providersAccountContacts, { email: email.toLowerCase() }, { limit: 2 })).map((d) => String(d._id));

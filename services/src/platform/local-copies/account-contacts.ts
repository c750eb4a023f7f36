import { ACCOUNT_CONTACT_EVENTS, nextAccountContact, type AccountContact } from '@acpg/contracts/identity';
import type { Platform } from '../module.ts';
import type { Projection } from '../projections/port.ts';
import { idField, localCopy } from './define.ts';
import { readCopy } from './read-copy.ts';

/**
 * A module's own copy of each account's name and email, kept from identity's contract events (`ACCOUNT_CONTACT_EVENTS`,
 * folded by identity's published `nextAccountContact`): a module that addresses people declares it in its projections
 * and the events in its `consumes`, and never reads identity's read model.
 */
export const accountContactsCopy = (module: string): Projection => {
  let copy = copies.get(module);
  if (!copy) {
    copy = localCopy<AccountContact>({ module, of: 'account_contacts', source: 'identity', events: ACCOUNT_CONTACT_EVENTS, idOf: idField('account_id'), next: nextAccountContact });
    copies.set(module, copy);
  }
  return copy;
};
const copies = new Map<string, Projection>();

/** The account's name and email from `module`'s copy (caught up with the log first), or null. */
export const accountContactOf = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, module: string, accountId: string): Promise<AccountContact | null> => {
  const doc = await readCopy(platform, accountContactsCopy(module), accountId);
  return doc ? { full_name: String(doc.full_name), email: String(doc.email) } : null;
};

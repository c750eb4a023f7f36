import { ACCOUNT_CONTACT_EVENTS, nextAccountContact, type AccountContact } from '@acpg/contracts/identity';
import type { Platform } from '../module.ts';
import type { Projection } from '../projections/port.ts';
import { idField, localCopy } from './define.ts';
import { findInCopy, readCopy } from './read-copy.ts';
import { escapeRegex } from '../documents/list-filters.ts';
import type { Filter } from '../documents/port.ts';

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

/** At most this many accounts match one search by name or email (a search that wide narrows nothing anyway). */
const MATCHING_ACCOUNTS = 500;

/** Ids of the accounts whose name or email, in `module`'s copy, holds `q` (any case). */
export const accountsMatching = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, module: string, q: string): Promise<string[]> => {
  const words = { $regex: escapeRegex(q.trim()), $options: 'i' };
  const docs = await findInCopy(platform, accountContactsCopy(module), { $or: [{ full_name: words }, { email: words }] }, { limit: MATCHING_ACCOUNTS });
  return docs.map((d) => String(d._id));
};

/**
 * An admin list's search box: rows of a customer whose name or email holds `q` (from `module`'s copy of account
 * contacts), or, with `ownText`, rows whose own words match it (the row's number, address ...). No `q`, no filter.
 */
export const customerSearchFilter = async (
  platform: Pick<Platform, 'documents' | 'caughtUp'>,
  module: string,
  q: string | undefined,
  options: { accountField?: string; ownText?: Filter } = {},
): Promise<Filter> => {
  if (!q?.trim()) return {};
  const ids = await accountsMatching(platform, module, q);
  return { $or: [...(options.ownText ? [options.ownText] : []), { [options.accountField ?? 'account_id']: { $in: ids } }] };
};

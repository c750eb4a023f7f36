import { MEMBER_CONTACT_EVENTS, nextMemberContact, type MemberContact } from '@acpg/contracts/identity';
import type { Platform } from '../../../platform/module.ts';
import { idField, localCopy } from '../../../platform/local-copies/define.ts';
import { findInCopy, readCopy } from '../../../platform/local-copies/read-copy.ts';

/**
 * Equity's own copy of how to reach each member (name, email, the phone as identity masks it, roles), kept from
 * identity's contract events by identity's published fold: the fraud case view shows it, and the case owners are
 * the Super Admins in it. The phone number itself never leaves identity.
 */
export const memberContactsCopy = localCopy<MemberContact>({
  module: 'equity',
  of: 'member_contacts',
  source: 'identity',
  events: MEMBER_CONTACT_EVENTS,
  idOf: idField('account_id'),
  next: nextMemberContact,
});

const contactOf = (doc: Record<string, unknown>): MemberContact => ({
  full_name: String(doc.full_name),
  email: String(doc.email),
  phone_masked: typeof doc.phone_masked === 'string' ? doc.phone_masked : null,
  roles: Array.isArray(doc.roles) ? doc.roles.map(String) : [],
});

/** The member's contact from the copy (caught up with the log first), or null. */
export const memberContactOf = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, accountId: string): Promise<MemberContact | null> => {
  const doc = await readCopy(platform, memberContactsCopy, accountId);
  return doc ? contactOf(doc) : null;
};

/** Every Super Admin, by name: who may own a fraud case. */
export const caseOwners = async (platform: Pick<Platform, 'documents' | 'caughtUp'>): Promise<{ account_id: string; full_name: string }[]> => {
  const docs = await findInCopy(platform, memberContactsCopy, { roles: 'Super Admin' }, { limit: 500 });
  return docs.map((d) => ({ account_id: String(d._id), full_name: String(d.full_name) })).sort((a, b) => a.full_name.localeCompare(b.full_name));
};

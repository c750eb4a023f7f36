import { nextProviderMember, PROVIDER_MEMBER_EVENTS, providerMemberKey, type ProviderMember } from '@acpg/contracts/provider-users';
import { OVERSEER_ROLES } from '@acpg/contracts/role-permissions';
import type { Principal } from '../auth/port.ts';
import { DomainError } from '../commands/domain-error.ts';
import type { Filter } from '../documents/port.ts';
import type { Platform } from '../module.ts';
import type { Projection } from '../projections/port.ts';
import { localCopy } from './define.ts';
import { findInCopy, readCopy } from './read-copy.ts';

/**
 * A module's own copy of which accounts are which provider's users (the providers module's contract events,
 * `PROVIDER_MEMBER_EVENTS`, folded by its published `nextProviderMember`): what a Provider Admin may see of a module's
 * things is its provider's members' things, and a member who leaves drops out of the copy at once. Declare it in the
 * module's projections and the events in its `consumes`.
 */
export const providerMembersCopy = (module: string): Projection => {
  let copy = copies.get(module);
  if (!copy) {
    copy = localCopy<ProviderMember>({
      module,
      of: 'provider_members',
      source: 'providers',
      events: PROVIDER_MEMBER_EVENTS,
      idOf: (data) => {
        const d = data as { provider_id?: unknown; account_id?: unknown } | null;
        return typeof d?.provider_id === 'string' && typeof d.account_id === 'string' ? providerMemberKey(d.provider_id, d.account_id) : null;
      },
      next: nextProviderMember,
      indexes: ['provider_id', 'account_id'],
    });
    copies.set(module, copy);
  }
  return copy;
};
const copies = new Map<string, Projection>();

/** A provider has at most this many users a Provider Admin's list filters by (past it the list is cut, never widened). */
const MEMBERS_MAX = 10_000;

/** The provider a Provider Admin acts for (their token's), or null for any other caller. */
export const providerAdminOf = (principal: Pick<Principal, 'roles' | 'providerId'>): string | null =>
  principal.roles.includes('Provider Admin') && typeof principal.providerId === 'string' && principal.providerId !== '' ? principal.providerId : null;

/** The accounts that are `providerId`'s users now (`module`'s copy, caught up with the log first). */
export const membersOfProvider = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, module: string, providerId: string): Promise<string[]> =>
  (await findInCopy(platform, providerMembersCopy(module), { provider_id: providerId }, { limit: MEMBERS_MAX })).map((doc) => String(doc.account_id));

/** Is `accountId` one of `providerId`'s users now? */
export const isMemberOf = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, module: string, providerId: string, accountId: string): Promise<boolean> =>
  (await readCopy(platform, providerMembersCopy(module), providerMemberKey(providerId, accountId))) !== null;

/**
 * The provider a Provider Admin acts for, once `accountId` is one of its users now (`module`'s copy); a caller who is
 * no Provider Admin, and a user who is not the provider's (never one, removed, another provider's), answer exactly as an
 * unknown id: 404 PROVIDER_USER_NOT_FOUND.
 */
export const providerOfMember = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, module: string, principal: Pick<Principal, 'roles' | 'providerId'>, accountId: string): Promise<string> => {
  const providerId = providerAdminOf(principal);
  if (!providerId || !(await isMemberOf(platform, module, providerId, accountId))) {
    throw new DomainError('not_found', 'PROVIDER_USER_NOT_FOUND', 'This user was not found among your provider’s users.');
  }
  return providerId;
};

/**
 * The filter on `account_id` a Provider Admin's list adds: their provider's users, and the Provider Admin's own things
 * (an order they placed themselves). Null for any other caller (no provider scope).
 */
export const providerScopeFilter = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, module: string, principal: Pick<Principal, 'userId' | 'roles' | 'providerId'>): Promise<Filter | null> => {
  const providerId = providerAdminOf(principal);
  if (!providerId) return null;
  return { account_id: { $in: [principal.userId, ...(await membersOfProvider(platform, module, providerId))] } };
};

/**
 * The providers whose users include `accountId` now, read from `module`'s copy as it stands (no wait: a live push
 * goes out without holding the projection back; a user who joined a moment ago is there long before their first order).
 */
export const providersOf = async (platform: Pick<Platform, 'documents'>, module: string, accountId: string): Promise<string[]> =>
  (await platform.documents.find(providerMembersCopy(module).collection, { account_id: accountId }, { limit: 100 })).map((doc) => String(doc.provider_id));

/** The room a provider's Provider Admins (and the overseers) follow for their provider's users' things. */
export const PROVIDER_ROOM = 'provider';

/**
 * `provider:<provider id>`: that provider's Provider Admins (by their token's provider, `providerAdminOf`), Super Admins
 * and Admins. Declared once, by the providers module (`Module.rooms`); every module that pushes a member's thing there
 * looks the owner's providers up in its own copy (`providersOf`).
 */
export const mayFollowProvider = async (principal: Pick<Principal, 'roles' | 'providerId'>, providerId: string): Promise<boolean> =>
  providerAdminOf(principal) === providerId || principal.roles.some((role) => OVERSEER_ROLES.includes(role));

/**
 * Whose rows an overseeing list shows, and'ed to the list's own filter: a Super Admin's or an Admin's every member's
 * (`{}`); a Provider Admin's their provider's users' and their own (`providerScopeFilter`); anyone else none (null, an
 * empty page).
 */
export const overseenScope = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, module: string, principal: Pick<Principal, 'userId' | 'roles' | 'providerId'>): Promise<Filter | null> =>
  principal.roles.some((role) => OVERSEER_ROLES.includes(role)) ? {} : providerScopeFilter(platform, module, principal);

/** `filter` within `scope` (both must hold), or null (an empty page) without a scope. */
export const withinScope = (filter: Filter, scope: Filter | null): Filter | null =>
  scope === null ? null : Object.keys(scope).length === 0 ? filter : { $and: [filter, scope] };

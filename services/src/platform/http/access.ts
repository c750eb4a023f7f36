import { OVERSEER_ROLES } from '@acpg/contracts/role-permissions';
import type { Principal } from '../auth/port.ts';
import { DomainError } from '../commands/domain-error.ts';
import { isMemberOf, providerAdminOf } from '../local-copies/provider-members.ts';
import type { Platform } from '../module.ts';

/**
 * Another account's things are "not found" (`shared/spec/DECISIONS.md`): the one rule every module's access check
 * follows, so an answer never tells a caller that an id they may not see exists.
 *
 * - **Read or act** on an id the caller may not see: exactly what an unknown id answers, 404 `<CODE>_NOT_FOUND`
 *   "This <noun> was not found." (same status, code and message). Never 403, which says "it exists, it is not yours".
 * - **Create** with a client-made id already in use: the caller's own repeat with the same contents answers the thing
 *   (idempotent); anything else is ONE refusal, 409 `<CODE>_MISMATCH` "This <noun> id cannot be used. Start a new
 *   <noun>.", the same whether the id is the caller's own (other contents) or another account's (whatever the contents),
 *   so it never says whose the id is or what it holds. What it cannot hide: an unused id would have created, so a caller
 *   holding the id learns that it is in use. Ids are client-made uuids (the web app makes random v4 ones): nobody finds
 *   one by guessing, only someone who was given it can ask, and they can neither read nor act on it (404). Hiding even that
 *   would take ids scoped per account or made by the server. The owner is checked before the contents, so another
 *   account's id never answers differently by what the thing holds.
 * - **403** only where the caller may see the thing but not do this (a Super Admin who sees a member's alert, which only
 *   the member answers): `seenButNotAllowed`. It tells them nothing they cannot read already.
 *
 * - **A Provider Admin** (issue 21 item 5) also SEES the things of its provider's users (`providers`: the module whose
 *   copy of provider members says who they are, `platform/local-copies/provider-members.ts`), read at the time of the
 *   request, so a user removed from the provider stops being visible at once. Seeing is not acting: `actable` answers a
 *   Provider Admin who sees the thing 403 `<CODE>_FORBIDDEN` (`seenButNotAllowed`), everyone else who may not see it 404.
 *
 * A module declares its thing once (`ownedThing({ code: 'ORDER', noun: 'order', ownerOf, providers: 'nhd' })`) and uses
 * `seen` (or `visible`, without Provider Admins) in every route that reads by id, `actable` in every route that acts on
 * it, `repeatOf` in its create, `maySee` for its socket room. `test/architecture` refuses any other 403 in a module.
 */
export type Viewer = Pick<Principal, 'userId' | 'roles'> & { providerId?: string | undefined };

/** What the Provider Admins' check reads: the module's copy of provider members, caught up with the log. */
export type MembersPlatform = Pick<Platform, 'documents' | 'caughtUp'>;

export interface OwnedThingSpec<T> {
  /** The codes' prefix: `ORDER` makes ORDER_NOT_FOUND and ORDER_MISMATCH. */
  code: string;
  /** How the messages name it: "order" makes "This order was not found." */
  noun: string;
  /** The account the thing belongs to. */
  ownerOf: (thing: T) => string;
  /** Who else sees every one: Super Admins and Admins (`OVERSEER_ROLES`) unless `[]` (a checkout's confirmation is its owner's only). */
  seenByRoles?: readonly string[];
  /**
   * The module whose copy of provider members (`providerMembersCopy(module)`, in its projections) lets a Provider Admin
   * see its provider's users' things. Omit for things only the owner and the overseers see.
   */
  providers?: string;
}

export interface OwnedThing<T> {
  /** What an unknown id answers, and so what an id the caller may not see answers. */
  notFound: () => DomainError;
  /** The one refusal of a create whose id is in use (the caller's own with other contents, or another account's). */
  idRefused: () => DomainError;
  /** The owner, or a role that sees every one: who may read AND act on it. */
  mayAccess: (viewer: Viewer, thing: T) => boolean;
  /** `mayAccess`, or a Provider Admin whose provider counts the owner as a user now (when the spec names `providers`). */
  maySee: (platform: MembersPlatform, viewer: Viewer, thing: T) => Promise<boolean>;
  /** The thing when there is one and the caller may access it (owner, overseers); else exactly the 404 of an unknown id. */
  visible: <S extends T>(viewer: Viewer, thing: S | null | undefined) => S;
  /** The thing when there is one and the caller may see it (`maySee`, Provider Admins included); else the 404 of an unknown id. */
  seen: <S extends T>(platform: MembersPlatform, viewer: Viewer, thing: S | null | undefined) => Promise<S>;
  /**
   * The thing for an action (cancel, close, answer): the owner's and the overseers'. A caller who sees it without
   * acting on it (a Provider Admin) gets 403 `<CODE>_FORBIDDEN`; anyone else the 404 of an unknown id.
   */
  actable: <S extends T>(platform: MembersPlatform, viewer: Viewer, thing: S | null | undefined) => Promise<S>;
  /**
   * A create found its id in use: returns when it is the caller's own repeat with the same contents (answer the thing),
   * else throws `idRefused()`. `sameContents` is asked only for the caller's own.
   */
  repeatOf: (accountId: string, existing: T, sameContents: (existing: T) => boolean) => void;
}

export const ownedThing = <T>(spec: OwnedThingSpec<T>): OwnedThing<T> => {
  const seenBy: readonly string[] = spec.seenByRoles ?? OVERSEER_ROLES;
  const notFound = () => new DomainError('not_found', `${spec.code}_NOT_FOUND`, `This ${spec.noun} was not found.`);
  const idRefused = () => new DomainError('conflict', `${spec.code}_MISMATCH`, `This ${spec.noun} id cannot be used. Start a new ${spec.noun}.`);
  const mayAccess = (viewer: Viewer, thing: T) => spec.ownerOf(thing) === viewer.userId || viewer.roles.some((role) => seenBy.includes(role));
  const maySee = async (platform: MembersPlatform, viewer: Viewer, thing: T): Promise<boolean> => {
    if (mayAccess(viewer, thing)) return true;
    const providerId = spec.providers ? providerAdminOf(viewer) : null;
    return providerId !== null && spec.providers !== undefined && (await isMemberOf(platform, spec.providers, providerId, spec.ownerOf(thing)));
  };
  const seen = async <S extends T>(platform: MembersPlatform, viewer: Viewer, thing: S | null | undefined): Promise<S> => {
    if (thing === null || thing === undefined || !(await maySee(platform, viewer, thing))) throw notFound();
    return thing;
  };
  return {
    notFound,
    idRefused,
    mayAccess,
    maySee,
    visible: (viewer, thing) => {
      if (thing === null || thing === undefined || !mayAccess(viewer, thing)) throw notFound();
      return thing;
    },
    seen,
    actable: async (platform, viewer, thing) => {
      const shown = await seen(platform, viewer, thing);
      if (!mayAccess(viewer, shown)) throw seenButNotAllowed(`${spec.code}_FORBIDDEN`, `Only the ${spec.noun}'s owner or a Super Admin can do this.`);
      return shown;
    },
    repeatOf: (accountId, existing, sameContents) => {
      if (spec.ownerOf(existing) !== accountId || !sameContents(existing)) throw idRefused();
    },
  };
};

/**
 * The one 403 a module may answer on a thing: the caller SEES it (checked with `visible` first) but may not do this
 * action, e.g. a Super Admin on a member's alert. Never for a thing the caller may not see: that is `notFound()`.
 */
export const seenButNotAllowed = (code: string, message: string) => new DomainError('forbidden', code, message);

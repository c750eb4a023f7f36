import { OVERSEER_ROLES } from '@acpg/contracts/role-permissions';
import type { Principal } from '../auth/port.ts';
import { DomainError } from '../commands/domain-error.ts';

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
 * A module declares its thing once (`ownedThing({ code: 'ORDER', noun: 'order', ownerOf })`) and uses `visible` in every
 * route that takes the id, `repeatOf` in its create, `mayAccess` for its socket room. `test/architecture` refuses any
 * other 403 in a module.
 */
export type Viewer = Pick<Principal, 'userId' | 'roles'>;

export interface OwnedThingSpec<T> {
  /** The codes' prefix: `ORDER` makes ORDER_NOT_FOUND and ORDER_MISMATCH. */
  code: string;
  /** How the messages name it: "order" makes "This order was not found." */
  noun: string;
  /** The account the thing belongs to. */
  ownerOf: (thing: T) => string;
  /** Who else sees every one: Super Admins and Admins (`OVERSEER_ROLES`) unless `[]` (a checkout's confirmation is its owner's only). */
  seenByRoles?: readonly string[];
}

export interface OwnedThing<T> {
  /** What an unknown id answers, and so what an id the caller may not see answers. */
  notFound: () => DomainError;
  /** The one refusal of a create whose id is in use (the caller's own with other contents, or another account's). */
  idRefused: () => DomainError;
  /** The owner, or a role that sees every one. */
  mayAccess: (viewer: Viewer, thing: T) => boolean;
  /** The thing when there is one and the caller may see it; else exactly the 404 of an unknown id. */
  visible: <S extends T>(viewer: Viewer, thing: S | null | undefined) => S;
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
  return {
    notFound,
    idRefused,
    mayAccess,
    visible: (viewer, thing) => {
      if (thing === null || thing === undefined || !mayAccess(viewer, thing)) throw notFound();
      return thing;
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

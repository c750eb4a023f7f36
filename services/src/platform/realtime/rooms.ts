import type { Principal } from '../auth/port.ts';
import type { AuthorizeEntity } from './socket-io.ts';

/** May this principal follow the entity `<kind>:<id>`? A module answers for the kinds it owns. */
export type RoomAuthorizer<Context> = (principal: Principal, id: string, context: Context) => Promise<boolean>;

/** What a module declares: its name and a join authorizer per entity kind it owns (`Module.rooms`). */
export interface RoomOwner<Context> {
  name: string;
  rooms?: Readonly<Record<string, RoomAuthorizer<Context>>>;
}

const KIND = /^[a-z][a-z0-9-]*$/;
/** An entity id any module could own: letters, digits and `-_.:`, at most 100 characters (no path tricks). */
const ID = /^[A-Za-z0-9][\w.:-]{0,99}$/;

/**
 * What `entityRooms` answers: may this principal follow `entity` now, and is `entity` a room at all (a kind a module
 * owns, with a well-formed id). The socket server lets a principal join a followable entity it may not follow yet
 * (an id it is about to create), and checks again before each push it would deliver (`socket-io.ts`).
 */
export interface EntityRoomsAuthorizer extends AuthorizeEntity {
  followable: (entity: string) => boolean;
  kinds: readonly string[];
}

/**
 * One authorizer for every entity room, from the modules' own: an entity is `<kind>:<id>` and only the module that
 * owns `kind` decides; a kind nobody owns, or a malformed entity, is refused. Two modules claiming one kind, or a
 * kind that is not lower-case words, fails at start.
 */
export const entityRooms = <Context>(owners: readonly RoomOwner<Context>[], context: Context): EntityRoomsAuthorizer => {
  const byKind = new Map<string, { owner: string; authorize: RoomAuthorizer<Context> }>();
  for (const owner of owners) {
    for (const [kind, authorize] of Object.entries(owner.rooms ?? {})) {
      if (!KIND.test(kind)) throw new Error(`Module ${owner.name}: room kind "${kind}" must be lower-case letters, digits and hyphens`);
      const claimed = byKind.get(kind);
      if (claimed) throw new Error(`Room kind "${kind}" is claimed by both ${claimed.owner} and ${owner.name}`);
      byKind.set(kind, { owner: owner.name, authorize });
    }
  }
  const split = (entity: string) => {
    const colon = entity.indexOf(':');
    if (colon <= 0 || colon === entity.length - 1) return null;
    const room = byKind.get(entity.slice(0, colon));
    const id = entity.slice(colon + 1);
    return room && ID.test(id) ? { room, id } : null;
  };
  const authorize = async (principal: Parameters<AuthorizeEntity>[0], entity: string) => {
    const found = split(entity);
    return found ? found.room.authorize(principal, found.id, context) : false;
  };
  return Object.assign(authorize, { followable: (entity: string) => split(entity) !== null, kinds: [...byKind.keys()] });
};

/** The entity name of a room: `entityName('order', id)` is `order:<id>`. */
export const entityName = (kind: string, id: string) => `${kind}:${id}`;

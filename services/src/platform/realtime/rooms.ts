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

/**
 * One authorizer for every entity room, from the modules' own: an entity is `<kind>:<id>` and only the module that
 * owns `kind` decides; a kind nobody owns, or a malformed entity, is refused. Two modules claiming one kind, or a
 * kind that is not lower-case words, fails at start.
 */
export const entityRooms = <Context>(owners: readonly RoomOwner<Context>[], context: Context): AuthorizeEntity => {
  const byKind = new Map<string, { owner: string; authorize: RoomAuthorizer<Context> }>();
  for (const owner of owners) {
    for (const [kind, authorize] of Object.entries(owner.rooms ?? {})) {
      if (!KIND.test(kind)) throw new Error(`Module ${owner.name}: room kind "${kind}" must be lower-case letters, digits and hyphens`);
      const claimed = byKind.get(kind);
      if (claimed) throw new Error(`Room kind "${kind}" is claimed by both ${claimed.owner} and ${owner.name}`);
      byKind.set(kind, { owner: owner.name, authorize });
    }
  }
  return async (principal, entity) => {
    const colon = entity.indexOf(':');
    if (colon <= 0 || colon === entity.length - 1) return false;
    const room = byKind.get(entity.slice(0, colon));
    return room ? room.authorize(principal, entity.slice(colon + 1), context) : false;
  };
};

/** The entity name of a room: `entityName('order', id)` is `order:<id>`. */
export const entityName = (kind: string, id: string) => `${kind}:${id}`;

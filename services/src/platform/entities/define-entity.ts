import { OVERSEER_ROLES } from '@acpg/contracts/role-permissions';
import type { Principal } from '../auth/port.ts';
import type { DomainEvent } from '../commands/handle-command.ts';
import type { Doc } from '../documents/port.ts';
import type { StoredEvent } from '../event-store/port.ts';
import { ownedThing, type MembersPlatform, type OwnedThing, type Viewer } from '../http/access.ts';
import { PROVIDER_ROOM, providersOf } from '../local-copies/provider-members.ts';
import type { Platform } from '../module.ts';
import { documentAtHead } from '../projections/caught-up.ts';
import { defineProjection } from '../projections/define.ts';
import type { Projection } from '../projections/port.ts';
import { liveMessage, type LiveMessage } from '../realtime/messages.ts';
import { entityName, type RoomAuthorizer } from '../realtime/rooms.ts';
import type { EntityRows, EntityView } from './entity-rows.ts';

/** The identity module's entity kind `account`: the account itself and Super Admins follow it (their lists). */
const ACCOUNT_ROOM = 'account';
/** Entity ids are client-made or derived uuids: anything else is simply not one. */
const UUID = /^[0-9a-f-]{36}$/i;

export interface EntitySpec<Event extends DomainEvent, View extends EntityView> {
  /** The read model: projection name (its checkpoint key), collection and indexes. */
  name: string;
  collection: string;
  indexes?: readonly string[];
  /** Event types of the entity's stream (the bus delivers only these). */
  handles: readonly Event['type'][];
  /** The stream of entity `<id>`; every stream of the entity starts with `stream('')`. */
  stream: (id: string) => string;
  /** The entity an event belongs to (its row's id). */
  idOf: (event: Event) => string;
  rows: EntityRows<Event, View>;
  /** The access rule (`platform/http/access.ts`): `ORDER`, "order" make 404 ORDER_NOT_FOUND "This order was not found." */
  access: { code: string; noun: string };
  /**
   * The module whose copy of provider members (`providerMembersCopy(module)`, in its projections, the events in its
   * `consumes`) lets a Provider Admin see its provider's users' rows: by id, history, the entity room, and live on
   * `provider:<provider id>`. Omit for things only the owner and the overseers see.
   */
  providers?: string;
  /**
   * The live push after a row is written: to the entity's room `<room>:<id>` (when it has one, authorized for its
   * owner and Super Admins), its owner's `account:<id>`, `role:Super Admin` and `role:Admin`, and with `providers`
   * each `provider:<id>` whose users include the owner.
   */
  live: { message: string; summary: string; room?: string };
}

/** An entity's read model, declared once: its projection and push, its room, its access rule and reads by id. */
export interface Entity<Event extends DomainEvent, View extends EntityView> {
  spec: EntitySpec<Event, View>;
  projection: Projection;
  /** The live message for `Module.pushes`. */
  push: LiveMessage;
  /** The entity room's authorizer for `Module.rooms` (none without a room). */
  rooms: Readonly<Record<string, RoomAuthorizer<Platform>>>;
  access: OwnedThing<{ account_id: unknown }>;
  /**
   * The entity as its read model holds it, read your own write: when its stream has events the row lacks (a command a
   * moment ago), waits for the row (bounded) before answering. Exactly the 404 of an unknown id when the viewer may not see it.
   */
  visibleById: (platform: Pick<Platform, 'eventStore'> & MembersPlatform, id: string, viewer: Viewer, minVersion?: number) => Promise<{ view: View }>;
  /**
   * The command side's answer: the entity as the command just left it, folded from the entity's own stream (what the
   * command wrote, with the `version` it wrote, so the caller may read again with `min_version`). 404 when there is none.
   */
  writtenView: (platform: Pick<Platform, 'eventStore'>, id: string) => Promise<View>;
  /**
   * The entity's events (its audit trail: the stream itself, read as it is) and its view as `visibleById` reads it, at
   * least as new as the last of those events; the same 404 as `visibleById`.
   */
  historyById: (platform: Pick<Platform, 'eventStore'> & MembersPlatform, id: string, viewer: Viewer) => Promise<{ view: View; history: readonly StoredEvent[] }>;
}

export const defineEntity = <Event extends DomainEvent, View extends EntityView>(spec: EntitySpec<Event, View>): Entity<Event, View> => {
  const { rows, live } = spec;
  const prefix = spec.stream('');
  const access = ownedThing<{ account_id: unknown }>({
    code: spec.access.code,
    noun: spec.access.noun,
    ownerOf: (thing) => String(thing.account_id),
    ...(spec.providers ? { providers: spec.providers } : {}),
  });

  const projection = defineProjection<Event>({
    name: spec.name,
    collection: spec.collection,
    handles: spec.handles,
    fromStored: (stored) => (stored.stream.startsWith(prefix) ? rows.toEvent(stored) : null),
    documentId: (event) => spec.idOf(event),
    // An event delivered again is skipped by its version.
    evolve: (doc, event, stored) => (doc && typeof doc._version === 'number' && doc._version >= stored.version ? doc : rows.evolve(doc, event)),
    ...(spec.indexes ? { indexes: spec.indexes } : {}),
    // Only the last row of a batch per entity.
    push: async (applied, realtime, reader) => {
      const latest = new Map<string, View>();
      for (const { event, doc } of applied) {
        const view = doc ? rows.pushedView(doc) : null;
        if (view) latest.set(spec.idOf(event), view);
      }
      for (const [id, view] of latest) {
        if (live.room) realtime.toEntity(entityName(live.room, id), live.message, view);
        realtime.toEntity(entityName(ACCOUNT_ROOM, view.account_id), live.message, view);
        for (const role of OVERSEER_ROLES) realtime.toRole(role, live.message, view);
      }
      // Last, after every other room has its push: the owner's providers, from the module's copy as it stands.
      if (!spec.providers || !reader) return;
      for (const view of latest.values()) {
        for (const providerId of await providersOf(reader, spec.providers, view.account_id)) realtime.toEntity(entityName(PROVIDER_ROOM, providerId), live.message, view);
      }
    },
  });

  const foldedRow = async (platform: Pick<Platform, 'eventStore'>, id: string) => rows.rowFromStream(await platform.eventStore.readStream(spec.stream(id)));

  const rooms: Record<string, RoomAuthorizer<Platform>> = {};
  if (live.room) {
    // Read from the stream, so a page opened right after the command may join before the read model has the row.
    rooms[live.room] = async (principal: Principal, id, platform) => {
      if (!UUID.test(id)) return false;
      const row = await foldedRow(platform, id);
      return row !== null && access.maySee(platform, principal, { account_id: row.account_id });
    };
  }

  /**
   * The row a read answers (`documentAtHead`): at least `minVersion` when the caller names the version its command
   * wrote, else at least the stream's head. A row that stays behind (a stalled projector) is folded from the entity's
   * own stream instead, so an answer is never older than the caller's write.
   */
  const currentRow = async (platform: Pick<Platform, 'eventStore' | 'documents'>, id: string, minVersion?: number): Promise<Doc | null> => {
    const { doc, behind } = await documentAtHead(platform, { collection: spec.collection, id, stream: spec.stream(id), minVersion });
    return behind ? foldedRow(platform, id) : doc;
  };

  return {
    spec,
    projection,
    push: liveMessage({
      name: live.message,
      summary: live.summary,
      payload: rows.schema,
      rooms: [
        ...(live.room ? [`${live.room}:{id}`] : []),
        `${ACCOUNT_ROOM}:{id}`,
        ...OVERSEER_ROLES.map((role) => `role:${role}`),
        ...(spec.providers ? [`${PROVIDER_ROOM}:{id}`] : []),
      ],
    }),
    rooms,
    access,
    visibleById: async (platform, id, viewer, minVersion) => {
      const row = await currentRow(platform, id, minVersion);
      return { view: await access.seen(platform, viewer, row ? rows.toView(row) : null) };
    },
    writtenView: async (platform, id) => {
      const row = await foldedRow(platform, id);
      if (!row) throw access.notFound();
      return rows.toView(row);
    },
    historyById: async (platform, id, viewer) => {
      const history = await platform.eventStore.readStream(spec.stream(id));
      const row = await currentRow(platform, id, history.at(-1)?.version ?? 0);
      const view = await access.seen(platform, viewer, row ? rows.toView(row) : null);
      return { view, history };
    },
  };
};

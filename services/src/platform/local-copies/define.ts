import type { Doc } from '../documents/port.ts';
import type { StoredEvent } from '../event-store/port.ts';
import type { Projection } from '../projections/port.ts';

/** A contract event as a copy's fold reads it: its type, data and when it happened (never a clock). */
export interface ContractEvent {
  type: string;
  data: unknown;
  occurredAt: string;
}

export interface LocalCopySpec<Copy extends object> {
  /** The module keeping the copy: its collection is `<module>_<of>`, its projection `<module>.<of>`. */
  module: string;
  of: string;
  /** The other module whose streams (`<source>-...`) publish the events: an event on any other stream is skipped. */
  source: string;
  /** The contract events the copy is kept from (listed in the module's `consumes`). */
  events: readonly string[];
  /** The copy an event belongs to (null skips it). */
  idOf: (data: unknown) => string | null;
  /** The seller's published fold (in `@acpg/contracts`): the copy after `event`, from the one before (null: none yet). */
  next: (copy: Copy | null, event: ContractEvent) => Copy | null;
  indexes?: readonly string[];
}

/** The collection of a module's copy. */
export const copyCollection = (module: string, of: string) => `${module}_${of}`;

/**
 * A local copy (kgrzybek's modular monolith): what a module needs from another, kept in its own read model from the
 * other's published contract events, so it never reads the other's streams or collections. Deterministic like every
 * projection (the fold sees only the copy and the event), so a replay rebuilds it byte for byte.
 */
export const localCopy = <Copy extends object>(spec: LocalCopySpec<Copy>): Projection => {
  const idOf = (event: StoredEvent) => (event.stream.startsWith(`${spec.source}-`) ? spec.idOf(event.data) : null);
  return {
    name: `${spec.module}.${spec.of}`,
    collection: copyCollection(spec.module, spec.of),
    handles: spec.events,
    ...(spec.indexes && { indexes: spec.indexes }),
    documentId: idOf,
    evolve: (doc, event) => {
      const id = idOf(event);
      if (id === null) return doc;
      const before = doc ? (copyOf(doc) as Copy) : null;
      const after = spec.next(before, { type: event.type, data: event.data, occurredAt: event.occurredAt });
      return after ? { ...after, _id: id } : null;
    },
  };
};

/** A copy's document without the store's bookkeeping (`_id`, `_version`, `_position`). */
export const copyOf = (doc: Doc): Record<string, unknown> => {
  const { _id: _ignoredId, _version: _ignoredVersion, _position: _ignoredPosition, ...copy } = doc;
  return copy;
};

/** A copy's `idOf` for events whose data names the id in one field (`idField('plan_id')`); null when it is not a string. */
export const idField =
  (field: string) =>
  (data: unknown): string | null => {
    const id = (data as Record<string, unknown> | null)?.[field];
    return typeof id === 'string' ? id : null;
  };

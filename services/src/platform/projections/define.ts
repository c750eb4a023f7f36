import type { DomainEvent } from '../commands/handle-command.ts';
import type { Doc } from '../documents/port.ts';
import type { StoredEvent } from '../event-store/port.ts';
import type { Realtime } from '../realtime/port.ts';
import type { Projection, PushReader } from './port.ts';

/** An applied event as a projection's push sees it: typed, with its envelope and the document as written. */
export interface AppliedEvent<Event extends DomainEvent> {
  event: Event;
  stored: StoredEvent;
  doc: Doc | null;
}

/** The live push beside a read model (its folder's `push.ts`): runs after the write, never in a replay. */
export type ProjectionPush<Event extends DomainEvent> = (applied: readonly AppliedEvent<Event>[], realtime: Realtime, reader?: PushReader) => void | Promise<void>;

export interface ProjectionDefinition<Event extends DomainEvent> {
  name: string;
  collection: string;
  /** Event types this projection reads (the bus delivers only these). */
  handles: readonly Event['type'][];
  /** Reads a stored event as one of this projection's events, like a decider's; null skips it. */
  fromStored: (event: StoredEvent) => Event | null;
  /** Document an event belongs to. */
  documentId: (event: Event, stored: StoredEvent) => string;
  /** Next state of the document (null deletes it). Time and position come from `stored`, never from a clock. */
  evolve: (doc: Doc | null, event: Event, stored: StoredEvent) => Doc | null;
  indexes?: readonly string[];
  push?: ProjectionPush<Event>;
}

/**
 * A projection over typed events: stored events are read through `fromStored` (old shapes upgraded, unknown types
 * skipped) before `documentId`, `evolve` and `push` see them. The store calls `documentId` then `evolve` for the
 * same event, so the last read is kept to parse each event once.
 */
export const defineProjection = <Event extends DomainEvent>(definition: ProjectionDefinition<Event>): Projection => {
  let lastStored: StoredEvent | null = null;
  let lastRead: Event | null = null;
  const read = (stored: StoredEvent): Event | null => {
    if (stored !== lastStored) {
      lastRead = definition.fromStored(stored);
      lastStored = stored;
    }
    return lastRead;
  };
  const { push } = definition;
  return {
    name: definition.name,
    collection: definition.collection,
    handles: definition.handles,
    ...(definition.indexes ? { indexes: definition.indexes } : {}),
    documentId: (stored) => {
      const event = read(stored);
      return event ? definition.documentId(event, stored) : null;
    },
    evolve: (doc, stored) => {
      const event = read(stored);
      return event ? definition.evolve(doc, event, stored) : doc;
    },
    ...(push
      ? {
          afterApply: (applied, realtime, reader) => {
            const typed: AppliedEvent<Event>[] = [];
            for (const { event: stored, doc } of applied) {
              const event = read(stored);
              if (event) typed.push({ event, stored, doc });
            }
            return typed.length > 0 ? push(typed, realtime, reader) : undefined;
          },
        }
      : {}),
  };
};

import type { z } from 'zod';
import type { DomainEvent } from '../commands/handle-command.ts';
import type { Doc } from '../documents/port.ts';
import type { StoredEvent } from '../event-store/port.ts';

/** What every entity's view carries: the account it belongs to, the stream version and the log position it reflects. */
export interface EntityView {
  account_id: string;
  version: number;
  position: number;
}

export interface EntityRowsSpec<Event extends DomainEvent, View extends EntityView> {
  /** Reads a stored event of the entity's stream (old shapes upgraded); null skips it. */
  toEvent: (stored: StoredEvent) => Event | null;
  /** The row after one more event (pure: the read model and a fold of the stream share it). */
  evolve: (doc: Doc | null, event: Event) => Doc | null;
  /** The view's contract schema (what the API answers and the pushes carry). */
  schema: z.ZodType<View>;
  /** The row's fields as the view names them, where it names them otherwise (a stored spelling, an old shape). */
  viewFields?: (doc: Doc) => Record<string, unknown>;
}

/** One entity's rows and views: the read model's row as the API answers it, and the row folded from the stream. */
export interface EntityRows<Event extends DomainEvent, View extends EntityView> extends EntityRowsSpec<Event, View> {
  /** A row as the API answers it (with the version and position it reflects). */
  toView: (doc: Doc) => View;
  /** As `toView`, null when the row does not fit the message (the browser reads it again on its next connect). */
  pushedView: (doc: Doc) => View | null;
  /** The row straight from the entity's events, with the version and position the read model will give it. */
  rowFromStream: (history: readonly StoredEvent[]) => Doc | null;
  /** The view straight from the entity's events: current right after a command, when the read model may lag. */
  fromStream: (history: readonly StoredEvent[]) => View | null;
}

export const entityRows = <Event extends DomainEvent, View extends EntityView>(spec: EntityRowsSpec<Event, View>): EntityRows<Event, View> => {
  const input = (doc: Doc) => ({ ...(spec.viewFields ? spec.viewFields(doc) : doc), version: doc._version ?? 0, position: doc._position ?? 0 });
  const toView = (doc: Doc) => spec.schema.parse(input(doc));
  const rowFromStream = (history: readonly StoredEvent[]) => {
    let doc: Doc | null = null;
    for (const stored of history) {
      const event = spec.toEvent(stored);
      if (event) doc = spec.evolve(doc, event);
      if (doc) doc = { ...doc, _version: stored.version, _position: stored.position };
    }
    return doc;
  };
  return {
    ...spec,
    toView,
    pushedView: (doc) => {
      const view = spec.schema.safeParse(input(doc));
      return view.success ? view.data : null;
    },
    rowFromStream,
    fromStream: (history) => {
      const doc = rowFromStream(history);
      return doc ? toView(doc) : null;
    },
  };
};

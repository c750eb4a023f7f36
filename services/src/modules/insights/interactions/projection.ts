import {
  INTERACTION_STREAM_PREFIX,
  USER_INTERACTION_RECORDED,
  type Interaction,
  type UserInteractionRecorded,
} from '@acpg/contracts/insights';
import type { Doc } from '../../../platform/documents/port.ts';
import type { StoredEvent } from '../../../platform/event-store/port.ts';
import type { Projection } from '../../../platform/projections/port.ts';

export const INTERACTIONS_COLLECTION = 'interactions';

/** The interaction's id is its stream's: `insights-interaction-<id>`. */
export const interactionIdOf = (event: StoredEvent): string => event.stream.slice(INTERACTION_STREAM_PREFIX.length);

/** One document per interaction, as the admin list shows it; `created_at` is when it happened. */
export const evolve = (doc: Doc | null, event: StoredEvent): Doc | null => {
  switch (event.type) {
    case USER_INTERACTION_RECORDED: {
      // Written by this module after validation (record-interaction.ts), so its shape is known.
      const data = event.data as UserInteractionRecorded;
      const id = interactionIdOf(event);
      return {
        _id: id,
        id,
        data_id: data.data_id,
        page_name: data.page_name,
        interaction_type: data.interaction_type,
        button_name: data.button_name,
        user_id: data.user_id,
        location: data.location ? { latitude: data.location.latitude, longitude: data.location.longitude } : null,
        created_at: event.occurredAt,
      };
    }
    default:
      return doc;
  }
};

export const interactionsProjection: Projection = {
  name: 'interactions',
  collection: INTERACTIONS_COLLECTION,
  handles: [USER_INTERACTION_RECORDED],
  documentId: interactionIdOf,
  evolve,
  indexes: ['created_at', 'page_name', 'button_name', 'interaction_type', 'user_id'],
};

/** The public shape of a document (drops `_id` and the runner's bookkeeping). */
export const toInteraction = (doc: Doc): Interaction => ({
  id: String(doc.id),
  data_id: (doc.data_id as string | null) ?? null,
  page_name: String(doc.page_name),
  interaction_type: String(doc.interaction_type),
  button_name: String(doc.button_name),
  user_id: (doc.user_id as string | null) ?? null,
  location: (doc.location as Interaction['location']) ?? null,
  created_at: String(doc.created_at),
  version: Number(doc._version ?? 0),
  position: Number(doc._position ?? 0),
});

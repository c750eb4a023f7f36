import { INTERACTION_STREAM_PREFIX, USER_INTERACTION_RECORDED, type UserInteractionRecorded } from '@acpg/contracts/insights';
import type { DomainEvent } from '../../../platform/commands/handle-command.ts';
import type { StoredEvent } from '../../../platform/event-store/port.ts';
import { defineProjection } from '../../../platform/projections/define.ts';
import { pushInteractions } from './push.ts';

export { toInteraction } from './interaction.ts';

export const INTERACTIONS_COLLECTION = 'interactions';

export type InteractionEvent = DomainEvent<typeof USER_INTERACTION_RECORDED, UserInteractionRecorded>;

/** The interaction's id is its stream's: `insights-interaction-<id>`. */
export const interactionIdOf = (event: StoredEvent): string => event.stream.slice(INTERACTION_STREAM_PREFIX.length);

/** Written by this module after validation (record-interaction.ts), so its shape is known: no parse on the hot path. */
export const toInteractionEvent = (event: StoredEvent): InteractionEvent | null =>
  event.type === USER_INTERACTION_RECORDED ? { type: USER_INTERACTION_RECORDED, data: event.data as UserInteractionRecorded } : null;

/** One document per interaction, as the admin list shows it; `created_at` is when it happened. Pushed live (push.ts). */
export const interactionsProjection = defineProjection({
  name: 'interactions',
  collection: INTERACTIONS_COLLECTION,
  handles: [USER_INTERACTION_RECORDED],
  fromStored: toInteractionEvent,
  documentId: (_event, stored) => interactionIdOf(stored),
  evolve: (_doc, { data }, stored) => {
    const id = interactionIdOf(stored);
    return {
      _id: id,
      id,
      data_id: data.data_id,
      page_name: data.page_name,
      interaction_type: data.interaction_type,
      button_name: data.button_name,
      user_id: data.user_id,
      location: data.location ? { latitude: data.location.latitude, longitude: data.location.longitude } : null,
      created_at: stored.occurredAt,
    };
  },
  indexes: ['created_at', 'page_name', 'button_name', 'interaction_type', 'user_id'],
  push: pushInteractions,
});

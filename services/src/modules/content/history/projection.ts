import { CONTENT_EVENT_TYPES } from '@acpg/contracts/content-documents';
import { defineProjection } from '../../../platform/projections/define.ts';
import { toContentEvent, type ContentEvent } from '../document/events.ts';

export const HISTORY_COLLECTION = 'content_history';

const KINDS = { ContentDraftSaved: 'draft-saved', ContentPublished: 'published', ContentUnpublished: 'unpublished', ContentVersionRestored: 'restored' } as const;

const summaryOf = (event: ContentEvent): string => {
  switch (event.type) {
    case 'ContentDraftSaved':
      return event.data.summary;
    case 'ContentPublished':
      return `Published version ${event.data.version}`;
    case 'ContentUnpublished':
      return `Unpublished version ${event.data.version}`;
    case 'ContentVersionRestored':
      return `Copied version ${event.data.version} into the draft`;
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown content event ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

/** A document's history: one line per change (what, who, when), read newest first. */
export const historyProjection = defineProjection({
  name: 'content.history',
  collection: HISTORY_COLLECTION,
  handles: CONTENT_EVENT_TYPES,
  fromStored: toContentEvent,
  documentId: (_event, stored) => stored.id,
  indexes: ['key', 'position'],
  evolve: (_doc, event, stored) => ({
    _id: stored.id,
    key: event.data.key,
    kind: KINDS[event.type],
    at: event.data.at,
    by: event.data.by,
    version: event.type === 'ContentDraftSaved' ? null : event.data.version,
    summary: summaryOf(event),
    position: stored.position,
  }),
});

import { FaqItem, FaqItemAddedData, FaqItemRemovedData, FaqItemUpdatedData } from '@acpg/contracts/content';
import type { Doc } from '../../../platform/documents/port.ts';
import type { StoredEvent } from '../../../platform/event-store/port.ts';
import type { Projection } from '../../../platform/projections/port.ts';

const itemIdOf = (event: StoredEvent): string => FaqItemRemovedData.parse(event.data).itemId;

/**
 * Read model of the FAQ: one document per item. A removed item stays as a tombstone (removed: true), so its
 * stream version survives and a redelivered FaqItemAdded cannot bring it back; the query filters tombstones out.
 */
export const faqProjection: Projection = {
  name: 'content.faq',
  collection: 'content_faq',
  handles: ['FaqItemAdded', 'FaqItemUpdated', 'FaqItemRemoved'],
  documentId: itemIdOf,
  indexes: ['removed', 'position'],
  evolve: (doc, event) => {
    switch (event.type) {
      case 'FaqItemAdded':
      case 'FaqItemUpdated': {
        const data = (event.type === 'FaqItemAdded' ? FaqItemAddedData : FaqItemUpdatedData).parse(event.data);
        return {
          _id: data.itemId,
          id: data.itemId,
          question: data.question,
          answer: data.answer,
          position: data.position,
          removed: false,
          updated_at: event.occurredAt,
        };
      }
      case 'FaqItemRemoved': {
        const { itemId } = FaqItemRemovedData.parse(event.data);
        return { _id: itemId, id: itemId, removed: true, updated_at: event.occurredAt };
      }
      default:
        return doc;
    }
  },
};

/** The public shape of a live FAQ document. */
export const toFaqItem = (doc: Doc): FaqItem => FaqItem.parse(doc);

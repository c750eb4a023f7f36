import { FaqItem } from '@acpg/contracts/content';
import type { Doc } from '../../../platform/documents/port.ts';
import { defineProjection } from '../../../platform/projections/define.ts';
import { toFaqEvent } from './decider.ts';

/**
 * Read model of the FAQ: one document per item. A removed item stays as a tombstone (removed: true), so its
 * stream version survives and a redelivered FaqItemAdded cannot bring it back; the query filters tombstones out.
 */
export const faqProjection = defineProjection({
  name: 'content.faq',
  collection: 'content_faq',
  handles: ['FaqItemAdded', 'FaqItemUpdated', 'FaqItemRemoved'],
  fromStored: toFaqEvent,
  documentId: (event) => event.data.item_id,
  indexes: ['removed', 'position'],
  evolve: (_doc, event, stored) => {
    switch (event.type) {
      case 'FaqItemAdded':
      case 'FaqItemUpdated': {
        const data = event.data;
        return {
          _id: data.item_id,
          id: data.item_id,
          question: data.question,
          answer: data.answer,
          position: data.position,
          removed: false,
          updated_at: stored.occurredAt,
        };
      }
      case 'FaqItemRemoved': {
        const id = event.data.item_id;
        return { _id: id, id, removed: true, updated_at: stored.occurredAt };
      }
      default: {
        const unexpected: never = event;
        throw new Error(`Unknown FAQ event ${JSON.stringify(unexpected)}`);
      }
    }
  },
});

/** The public shape of a live FAQ document. */
export const toFaqItem = (doc: Doc): FaqItem => FaqItem.parse(doc);

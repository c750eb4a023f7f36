import { PageContent } from '@acpg/contracts/content';
import type { Doc } from '../../../platform/documents/port.ts';
import { defineProjection } from '../../../platform/projections/define.ts';
import { toPageEvent } from './decider.ts';

/** Read model of the public pages: one document per slug, the last published content. */
export const pageContentProjection = defineProjection({
  name: 'content.pages',
  collection: 'content_pages',
  handles: ['PageContentPublished'],
  fromStored: toPageEvent,
  documentId: (event) => event.data.slug,
  evolve: (doc, event, stored) => {
    switch (event.type) {
      case 'PageContentPublished': {
        const data = event.data;
        return {
          _id: data.slug,
          slug: data.slug,
          title: data.title,
          intro: data.intro,
          sections: data.sections.map((section) => ({ heading: section.heading, body: section.body })),
          updated_at: stored.occurredAt,
        };
      }
      default:
        return doc;
    }
  },
});

/** The public shape of a page document (drops _id and the runner's bookkeeping). */
export const toPageContent = (doc: Doc): PageContent => PageContent.parse(doc);

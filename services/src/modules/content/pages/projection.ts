import { PageContent, PageContentPublishedData } from '@acpg/contracts/content';
import type { Doc } from '../../../platform/documents/port.ts';
import type { Projection } from '../../../platform/projections/port.ts';

/** Read model of the public pages: one document per slug, the last published content. */
export const pageContentProjection: Projection = {
  name: 'content.pages',
  collection: 'content_pages',
  handles: ['PageContentPublished'],
  documentId: (event) => PageContentPublishedData.parse(event.data).slug,
  evolve: (doc, event) => {
    switch (event.type) {
      case 'PageContentPublished': {
        const data = PageContentPublishedData.parse(event.data);
        return {
          _id: data.slug,
          slug: data.slug,
          title: data.title,
          intro: data.intro,
          sections: data.sections.map((section) => ({ heading: section.heading, body: section.body })),
          updated_at: event.occurredAt,
        };
      }
      default:
        return doc;
    }
  },
};

/** The public shape of a page document (drops _id and the runner's bookkeeping). */
export const toPageContent = (doc: Doc): PageContent => PageContent.parse(doc);

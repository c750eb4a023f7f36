import { BlogPost, BlogSummary } from '@acpg/contracts/content';
import type { Doc } from '../../../platform/documents/port.ts';
import { defineProjection } from '../../../platform/projections/define.ts';
import { toBlogEvent } from './decider.ts';

/** Read model of the blog: one document per post, the latest revision. */
export const blogPostProjection = defineProjection({
  name: 'content.blogs',
  collection: 'content_blogs',
  handles: ['BlogPostPublished'],
  fromStored: toBlogEvent,
  documentId: (event) => event.data.slug,
  indexes: ['published_at'],
  evolve: (doc, event, stored) => {
    switch (event.type) {
      case 'BlogPostPublished': {
        const data = event.data;
        return {
          _id: data.slug,
          slug: data.slug,
          title: data.title,
          excerpt: data.excerpt,
          body: data.body,
          author: data.author,
          published_at: data.published_at,
          // Global position of the first publication: breaks ties between posts published in the same instant.
          first_position: typeof doc?.first_position === 'number' ? doc.first_position : stored.position,
          updated_at: stored.occurredAt,
        };
      }
      default:
        return doc;
    }
  },
});

export const toBlogSummary = (doc: Doc): BlogSummary => BlogSummary.parse(doc);
export const toBlogPost = (doc: Doc): BlogPost => BlogPost.parse(doc);

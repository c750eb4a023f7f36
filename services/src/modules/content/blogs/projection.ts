import { BlogPost, BlogPostPublishedData, BlogSummary } from '@acpg/contracts/content';
import type { Doc } from '../../../platform/documents/port.ts';
import type { Projection } from '../../../platform/projections/port.ts';

/** Read model of the blog: one document per post, the latest revision. */
export const blogPostProjection: Projection = {
  name: 'content.blogs',
  collection: 'content_blogs',
  handles: ['BlogPostPublished'],
  documentId: (event) => BlogPostPublishedData.parse(event.data).slug,
  indexes: ['published_at'],
  evolve: (doc, event) => {
    switch (event.type) {
      case 'BlogPostPublished': {
        const data = BlogPostPublishedData.parse(event.data);
        return {
          _id: data.slug,
          slug: data.slug,
          title: data.title,
          excerpt: data.excerpt,
          body: data.body,
          author: data.author,
          published_at: data.publishedAt,
          // Global position of the first publication: breaks ties between posts published in the same instant.
          first_position: typeof doc?.first_position === 'number' ? doc.first_position : event.position,
          updated_at: event.occurredAt,
        };
      }
      default:
        return doc;
    }
  },
};

export const toBlogSummary = (doc: Doc): BlogSummary => BlogSummary.parse(doc);
export const toBlogPost = (doc: Doc): BlogPost => BlogPost.parse(doc);

import type { PublicBlogItem, PublishedContent } from '@acpg/contracts/content-documents';
import type { Doc } from '../../../platform/documents/port.ts';
import { defineProjection } from '../../../platform/projections/define.ts';
import { toContentEvent } from '../document/events.ts';

export const PUBLISHED_COLLECTION = 'content_published';
export const VERSIONS_COLLECTION = 'content_versions';

const field = (body: unknown, name: string): unknown => (body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** What visitors see: one document per key while it is published (unpublished: gone, so the public read answers 404). */
export const publishedProjection = defineProjection({
  name: 'content.published',
  collection: PUBLISHED_COLLECTION,
  handles: ['ContentPublished', 'ContentUnpublished'],
  fromStored: toContentEvent,
  documentId: (event) => event.data.key,
  indexes: ['kind', 'first_published_at'],
  evolve: (doc, event) => {
    switch (event.type) {
      case 'ContentPublished': {
        const { key, version, body, at, first_published_at } = event.data;
        const blog = key.startsWith('blog.');
        return {
          _id: key,
          key,
          kind: blog ? 'blog' : 'page',
          version,
          body,
          published_at: at,
          first_published_at,
          ...(blog
            ? { slug: key.slice('blog.'.length), heading: text(field(body, 'heading')), excerpt: text(field(body, 'excerpt')), author: text(field(body, 'author')), image_id: field(body, 'image_id') ?? null }
            : {}),
        };
      }
      case 'ContentUnpublished':
        return null;
      default:
        return doc;
    }
  },
});

/** Every version ever published, kept for preview and compare (`/cms/admin/content/:key/versions/:version`). */
export const versionsProjection = defineProjection({
  name: 'content.versions',
  collection: VERSIONS_COLLECTION,
  handles: ['ContentPublished'],
  fromStored: toContentEvent,
  documentId: (event) => `${event.data.key}#${event.type === 'ContentPublished' ? event.data.version : 0}`,
  indexes: ['key'],
  evolve: (doc, event) =>
    event.type === 'ContentPublished'
      ? { _id: `${event.data.key}#${event.data.version}`, key: event.data.key, version: event.data.version, body: event.data.body, published_at: event.data.at, first_published_at: event.data.first_published_at }
      : doc,
});

export const versionId = (key: string, version: number) => `${key}#${version}`;

export const toPublishedContent = (doc: Doc): PublishedContent => ({
  key: String(doc.key),
  version: Number(doc.version),
  body: doc.body,
  published_at: String(doc.published_at),
  first_published_at: String(doc.first_published_at),
});

export const toPublicBlogItem = (doc: Doc): PublicBlogItem => ({
  slug: String(doc.slug),
  heading: String(doc.heading),
  excerpt: String(doc.excerpt),
  author: String(doc.author),
  image_id: typeof doc.image_id === 'string' ? doc.image_id : null,
  first_published_at: String(doc.first_published_at),
  published_at: String(doc.published_at),
});

import { CONTENT_CHANGED_MESSAGE, CONTENT_EVENT_TYPES, type ContentChanged, type ContentStatus, type PublishedContent } from '@acpg/contracts/content-documents';
import { rolesWith } from '@acpg/contracts/role-permissions';
import type { Doc } from '../../../platform/documents/port.ts';
import { defineProjection, type ProjectionPush } from '../../../platform/projections/define.ts';
import { toContentEvent, type ContentEvent } from '../document/events.ts';
import { sameBody } from '../document/summary.ts';

export const MANAGED_COLLECTION = 'content_managed';

const headingOf = (body: unknown): string => {
  const b = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  return typeof b.heading === 'string' ? b.heading : '';
};

const statusOf = (draft: unknown, published: PublishedContent | null, everPublished: boolean): ContentStatus =>
  published ? (sameBody(published.body, draft) ? 'published' : 'changed') : everPublished ? 'unpublished' : 'draft';

/** The editor's read model: one document per key, its draft, what is live, its status and revision, who changed it last. */
export const evolveManaged = (doc: Doc | null, event: ContentEvent, version: number): Doc => {
  const { key, at, by } = event.data;
  const before: { draft: unknown; published: PublishedContent | null; ever_published: boolean; first_published_at: string | null } = {
    draft: doc?.draft ?? null,
    published: (doc?.published as PublishedContent | null | undefined) ?? null,
    ever_published: doc?.ever_published === true,
    first_published_at: typeof doc?.first_published_at === 'string' ? doc.first_published_at : null,
  };
  const next = { ...before };
  switch (event.type) {
    case 'ContentDraftSaved':
    case 'ContentVersionRestored':
      next.draft = event.data.body;
      break;
    case 'ContentPublished':
      next.draft = event.data.body;
      next.published = { key, version: event.data.version, body: event.data.body, published_at: at, first_published_at: event.data.first_published_at };
      next.ever_published = true;
      next.first_published_at = event.data.first_published_at;
      break;
    case 'ContentUnpublished':
      next.published = null;
      break;
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown content event ${String((unexpected as { type: unknown }).type)}`);
    }
  }
  const blog = key.startsWith('blog.');
  return {
    _id: key,
    key,
    kind: blog ? 'blog' : 'page',
    slug: blog ? key.slice('blog.'.length) : null,
    heading: headingOf(next.draft),
    ...next,
    status: statusOf(next.draft, next.published, next.ever_published),
    revision: version,
    updated_at: at,
    updated_by: by,
  };
};

export const changedOf = (doc: Doc): ContentChanged => ({ key: String(doc.key), status: doc.status as ContentStatus, revision: Number(doc.revision) });

/** After each change: `content.changed` to every role that may manage content (their `role:<role>` rooms). */
const pushChanged: ProjectionPush<ContentEvent> = (applied, realtime) => {
  for (const { doc } of applied) if (doc) for (const role of rolesWith('content.manage')) realtime.toRole(role, CONTENT_CHANGED_MESSAGE, changedOf(doc));
};

export const managedProjection = defineProjection({
  name: 'content.managed',
  collection: MANAGED_COLLECTION,
  handles: CONTENT_EVENT_TYPES,
  fromStored: toContentEvent,
  documentId: (event) => event.data.key,
  evolve: (doc, event, stored) => evolveManaged(doc, event, stored.version),
  indexes: ['kind', 'updated_at'],
  push: pushChanged,
});

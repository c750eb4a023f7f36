import { z } from 'zod';
import { CONTENT_EVENT_TYPES, ContentKey, type ContentEventType } from '@acpg/contracts/content-documents';
import type { StoredEvent } from '../../../platform/event-store/port.ts';

/** Every content document is one stream, `content-<key>` (`content-home`, `content-blog.my-post`). */
export const contentStream = (key: ContentKey) => `content-${key}`;

/** Who (an account id, or `seed`) and when (ISO time): every content event says both. */
const Signed = { key: z.string(), by: z.string(), at: z.iso.datetime() };

export const ContentDraftSavedData = z.object({ ...Signed, body: z.unknown(), summary: z.string() });
export const ContentPublishedData = z.object({ ...Signed, version: z.number().int().positive(), body: z.unknown(), first_published_at: z.iso.datetime() });
export const ContentUnpublishedData = z.object({ ...Signed, version: z.number().int().positive() });
export const ContentVersionRestoredData = z.object({ ...Signed, version: z.number().int().positive(), body: z.unknown() });

export type ContentEvent =
  | { type: 'ContentDraftSaved'; data: z.infer<typeof ContentDraftSavedData> }
  | { type: 'ContentPublished'; data: z.infer<typeof ContentPublishedData> }
  | { type: 'ContentUnpublished'; data: z.infer<typeof ContentUnpublishedData> }
  | { type: 'ContentVersionRestored'; data: z.infer<typeof ContentVersionRestoredData> };

const SCHEMAS = {
  ContentDraftSaved: ContentDraftSavedData,
  ContentPublished: ContentPublishedData,
  ContentUnpublished: ContentUnpublishedData,
  ContentVersionRestored: ContentVersionRestoredData,
} as const satisfies Record<ContentEventType, z.ZodType>;

const isContentType = (type: string): type is ContentEventType => (CONTENT_EVENT_TYPES as readonly string[]).includes(type);

/** A content event as stored, or null for any other type (or a stream that is not a content document's). */
export const toContentEvent = (stored: StoredEvent): ContentEvent | null => {
  if (!isContentType(stored.type) || !stored.stream.startsWith('content-')) return null;
  const data = SCHEMAS[stored.type].safeParse(stored.data);
  if (!data.success || !ContentKey.safeParse(data.data.key).success) return null;
  return { type: stored.type, data: data.data } as ContentEvent;
};

/**
 * The types this module wrote before content documents (pages, FAQ, blog, contact page): still declared, so old
 * stores keep their events readable; nothing writes them any more, and no read model reads them.
 */
export const RETIRED_CONTENT_EVENT_TYPES = ['ContactDetailsUpdated', 'PageContentPublished', 'FaqItemAdded', 'FaqItemUpdated', 'FaqItemRemoved', 'BlogPostPublished'] as const;

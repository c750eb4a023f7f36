import { useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import type { BlogContent, ContentBody, ContentKey, ManagedContent, PublishedContent } from '@acpg/contracts/content-documents';
import type { Page } from '@acpg/contracts/http';
import { http, type Result } from './http.ts';
import { usePublicResource } from './public-resource.ts';
import { allowed } from './roles.ts';
import { session } from './session.ts';
import { useResource } from './use-resource.ts';

export const BLOG_PAGE_SIZE = 9;

/** `GET /cms/content/:key` (public): the published version. */
export const contentPath = (key: ContentKey) => `/cms/content/${key}`;

/** The published version of a document, from the page's preloaded answer when it arrived with one. */
export const usePublished = <K extends ContentKey>(key: K) => usePublicResource<PublishedContent<ContentBody<K>>>(contentPath(key));

export interface BlogSummary {
  slug: string;
  heading: string;
  excerpt: string;
  author: string;
  image_id: string | null;
  first_published_at: string;
  published_at: string;
}
export const useBlogList = (page: number) => usePublicResource<Page<BlogSummary>>('/cms/blogs', { page, page_size: BLOG_PAGE_SIZE });

/** What a public page renders: the published body, or (preview) the draft. */
export type DocumentView<B> =
  | { status: 'loading'; body: null; preview: boolean; error: null; reload: () => void }
  | { status: 'ready'; body: B; preview: boolean; error: null; reload: () => void; /** When first published (a blog post's date); null for a draft never published. */ firstPublishedAt: string | null }
  | { status: 'error'; body: null; preview: boolean; error: string; reload: () => void };

const NO_DRAFT: Result<ManagedContent | null> = { success: true, data: null };

/**
 * A public page's document. With `?preview=draft` and a signed-in user who may `content.manage`, the draft (from
 * `GET /cms/admin/content/:key`) instead of the published version, so a preview is exactly the public rendering; anyone
 * else with that query sees the published page.
 */
export function useDocument<K extends ContentKey>(key: K): DocumentView<ContentBody<K>> {
  const [params] = useSearchParams();
  const snap = useSnapshot(session);
  const wantsPreview = params.get('preview') === 'draft';
  const mayPreview = wantsPreview && snap.accessToken != null && allowed(snap.roles, 'content.manage');
  const published = usePublished(key);
  const managed = useResource<ManagedContent | null>(
    (signal) => (mayPreview ? http.get<ManagedContent>(`/cms/admin/content/${key}`, { signal }) : Promise.resolve(NO_DRAFT)),
    [key, mayPreview],
  );
  // The session is still coming back (a reload of a preview): wait for it before choosing what to show.
  if (wantsPreview && snap.restoring) return { status: 'loading', body: null, preview: false, error: null, reload: published.reload };
  if (mayPreview) {
    if (managed.status === 'error') return { status: 'error', body: null, preview: true, error: managed.error, reload: managed.reload };
    if (managed.status === 'loading' || !managed.data) return { status: 'loading', body: null, preview: true, error: null, reload: managed.reload };
    const draft = (managed.data.draft ?? managed.data.published?.body ?? null) as ContentBody<K> | null;
    if (draft) return { status: 'ready', body: draft, preview: true, error: null, reload: managed.reload, firstPublishedAt: managed.data.published?.first_published_at ?? null };
    return { status: 'error', body: null, preview: true, error: 'This page has no draft yet.', reload: managed.reload };
  }
  if (published.status === 'ready') return { status: 'ready', body: published.data.body, preview: false, error: null, reload: published.reload, firstPublishedAt: published.data.first_published_at };
  if (published.status === 'error') return { status: 'error', body: null, preview: false, error: published.error, reload: published.reload };
  return { status: 'loading', body: null, preview: false, error: null, reload: published.reload };
}

export type { BlogContent };

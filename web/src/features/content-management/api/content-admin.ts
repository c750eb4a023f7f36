import { useEffect } from 'react';
import {
  CONTENT_CHANGED_MESSAGE,
  contentImageUrl,
  type AdminBlogItem,
  type AdminBlogPage,
  type ContentChanged,
  type ContentHistoryPage,
  type ContentKey,
  type ManagedContent,
  type PublishedContent,
  type UploadedImage,
} from '@acpg/contracts/content-documents';
import { http, type Result } from '../../../lib/http.ts';
import { useLive } from '../../../lib/live.ts';
import { useResource } from '../../../lib/use-resource.ts';

export { CONTENT_CHANGED_MESSAGE };
type ContentChangedPush = ContentChanged;

export const HISTORY_PAGE_SIZE = 10;
export const BLOG_LIST_PAGE_SIZE = 10;

export interface SaveDraftAnswer extends ManagedContent {
  removed: string[];
}
export type AdminBlogRow = AdminBlogItem;

const path = (key: ContentKey) => `/cms/admin/content/${encodeURIComponent(key)}`;
const data = <T,>(answer: unknown): T => (answer as { data: T }).data;

export const fetchManaged = (key: ContentKey, signal?: AbortSignal) => http.get<ManagedContent>(path(key), signal ? { signal } : {});
export const saveDraft = async (key: ContentKey, body: unknown, expectedRevision: number) =>
  data<SaveDraftAnswer>(await http.put(`${path(key)}/draft`, { body, expected_revision: expectedRevision }));
export const publish = async (key: ContentKey, expectedRevision: number) =>
  data<ManagedContent>(await http.post(`${path(key)}/publish`, { expected_revision: expectedRevision }));
export const unpublish = async (key: ContentKey, expectedRevision: number) =>
  data<ManagedContent>(await http.post(`${path(key)}/unpublish`, { expected_revision: expectedRevision }));
export const restore = async (key: ContentKey, version: number, expectedRevision: number) =>
  data<ManagedContent>(await http.post(`${path(key)}/restore`, { version, expected_revision: expectedRevision }));
export const fetchHistory = (key: ContentKey, page: number, signal?: AbortSignal) =>
  http.get<ContentHistoryPage>(`${path(key)}/history`, { query: { page, page_size: HISTORY_PAGE_SIZE }, ...(signal ? { signal } : {}) });
export const fetchVersion = (key: ContentKey, version: number, signal?: AbortSignal) =>
  http.get<PublishedContent>(`${path(key)}/versions/${version}`, signal ? { signal } : {});
export const fetchAdminBlogs = (page: number, signal?: AbortSignal) =>
  http.get<AdminBlogPage>('/cms/admin/blogs', { query: { page, page_size: BLOG_LIST_PAGE_SIZE }, ...(signal ? { signal } : {}) });

/** POST /cms/images (multipart, field `file`). */
export const uploadImage = async (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return data<UploadedImage>(await http.post('/cms/images', form));
};

/** The public URL of an uploaded image at one of its widths. */
export const imageUrl = contentImageUrl;

/** A document shown in an editor, and the newest revision another admin's push announced. */
export interface LiveDocument {
  doc: ManagedContent;
  announced: number;
}

/** One document kept live: the read, and the newest revision any `content.changed` push of this key announced. */
export function useManagedContent(key: ContentKey) {
  return useLive<LiveDocument, ContentChangedPush>({
    messages: [CONTENT_CHANGED_MESSAGE],
    read: async (signal): Promise<Result<LiveDocument>> => {
      const r = await fetchManaged(key, signal);
      return r.success ? { success: true, data: { doc: r.data, announced: r.data.revision } } : r;
    },
    apply: (shown, push) => (push.key === key && push.revision > shown.announced ? { ...shown, announced: push.revision } : shown),
    deps: [key],
  });
}

/** Every blog post incl. drafts, one page; read again when a push says a post changed. */
export function useAdminBlogs(page: number) {
  const view = useLive<{ page: AdminBlogPage; stale: boolean }, ContentChangedPush>({
    messages: [CONTENT_CHANGED_MESSAGE],
    read: async (signal) => {
      const r = await fetchAdminBlogs(page, signal);
      return r.success ? { success: true, data: { page: r.data, stale: false } } : r;
    },
    apply: (shown, push) => (push.key.startsWith('blog.') ? { ...shown, stale: true } : shown),
    deps: [page],
  });
  const { reload } = view;
  const stale = view.data?.stale === true;
  useEffect(() => {
    if (stale) reload();
  }, [stale, reload]);
  return view;
}

export const useHistory = (key: ContentKey, page: number, tick: number) => useResource((signal) => fetchHistory(key, page, signal), [key, page, tick]);
export const useVersion = (key: ContentKey, version: number) => useResource((signal) => fetchVersion(key, version, signal), [key, version]);

import type { BlogPost, BlogSummary, FaqItem, PageContent, PageSlug } from '@acpg/contracts/content';
import type { Page } from '@acpg/contracts/http';
import { http } from '../../../lib/http.ts';
import { useResource } from '../../../lib/use-resource.ts';

export const BLOG_PAGE_SIZE = 10;

export const fetchPage = (slug: PageSlug, signal?: AbortSignal) => http.get<PageContent>(`/cms/pages/${slug}`, signal ? { signal } : {});
export const fetchFaq = (signal?: AbortSignal) => http.get<{ items: FaqItem[] }>('/cms/faq', signal ? { signal } : {});
export const fetchBlogs = (page: number, signal?: AbortSignal) =>
  http.get<Page<BlogSummary>>('/cms/blogs', { query: { page, page_size: BLOG_PAGE_SIZE }, ...(signal ? { signal } : {}) });
export const fetchBlog = (slug: string, signal?: AbortSignal) => http.get<BlogPost>(`/cms/blogs/${encodeURIComponent(slug)}`, signal ? { signal } : {});

export const useCmsPage = (slug: PageSlug) => useResource((signal) => fetchPage(slug, signal), [slug]);
export const useFaq = () => useResource(fetchFaq, []);
export const useBlogs = (page: number) => useResource((signal) => fetchBlogs(page, signal), [page]);
export const useBlogPost = (slug: string) => useResource((signal) => fetchBlog(slug, signal), [slug]);

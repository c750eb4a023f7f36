import type { BlogPost, BlogSummary, FaqItem, PageContent, PageSlug } from '@acpg/contracts/content';
import type { Page } from '@acpg/contracts/http';
import { http } from '../../../lib/http.ts';
import { usePublicResource } from '../../../lib/public-resource.ts';

export const BLOG_PAGE_SIZE = 10;

export const fetchPage = (slug: PageSlug, signal?: AbortSignal) => http.get<PageContent>(`/cms/pages/${slug}`, signal ? { signal } : {});
export const fetchFaq = (signal?: AbortSignal) => http.get<{ items: FaqItem[] }>('/cms/faq', signal ? { signal } : {});
export const fetchBlogs = (page: number, signal?: AbortSignal) =>
  http.get<Page<BlogSummary>>('/cms/blogs', { query: { page, page_size: BLOG_PAGE_SIZE }, ...(signal ? { signal } : {}) });
export const fetchBlog = (slug: string, signal?: AbortSignal) => http.get<BlogPost>(`/cms/blogs/${encodeURIComponent(slug)}`, signal ? { signal } : {});

// Public reads: a server-rendered page arrives with their answers (lib/public-resource.ts).
export const useCmsPage = (slug: PageSlug) => usePublicResource<PageContent>(`/cms/pages/${slug}`);
export const useFaq = () => usePublicResource<{ items: FaqItem[] }>('/cms/faq');
export const useBlogs = (page: number) => usePublicResource<Page<BlogSummary>>('/cms/blogs', { page, page_size: BLOG_PAGE_SIZE });
export const useBlogPost = (slug: string) => usePublicResource<BlogPost>(`/cms/blogs/${encodeURIComponent(slug)}`);

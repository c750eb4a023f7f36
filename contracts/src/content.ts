import { z } from 'zod';
import { listQuery, pageOf } from './http.ts';
import { BLOG_SORT_FIELDS } from './sort-fields.ts';

export { BLOG_SORT_FIELDS };

/** Contact-page details (fields "not shown" in the spec; designed here). */
export const ContactDetails = z.object({
  phone: z.string().trim().min(7).max(30),
  email: z.email(),
  address: z.string().trim().min(5).max(300),
  hours: z.string().trim().min(3).max(200),
});
export type ContactDetails = z.infer<typeof ContactDetails>;

/** Public pages managed by Super Admins (home, about us, services, privacy policy, additional information, terms of service). */
export const PAGE_SLUGS = ['home', 'about-us', 'services', 'privacy-policy', 'additional-information', 'terms-of-service'] as const;
export const PageSlug = z.enum(PAGE_SLUGS);
export type PageSlug = z.infer<typeof PageSlug>;

export const PageSection = z.object({
  heading: z.string().trim().min(1).max(200),
  body: z.string().trim().min(1).max(5000),
});
export const PageContent = z.object({
  slug: PageSlug,
  title: z.string().trim().min(1).max(200),
  intro: z.string().trim().max(2000),
  sections: z.array(PageSection).max(30),
  updated_at: z.string(),
});
export type PageContent = z.infer<typeof PageContent>;

export const FaqItem = z.object({ id: z.string(), question: z.string(), answer: z.string(), position: z.number().int() });
export type FaqItem = z.infer<typeof FaqItem>;

export const BlogSummary = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  published_at: z.string(),
  author: z.string(),
});
export type BlogSummary = z.infer<typeof BlogSummary>;
export const BlogPost = BlogSummary.extend({ body: z.string() });
export type BlogPost = z.infer<typeof BlogPost>;

/* ---- Content module: command bodies and event payloads (snake_case fields, like the API). ---- */

/** Body of PublishPageContent; also the PageContentPublished payload (updated_at comes from the event's time). */
export const PublishPageContentBody = PageContent.omit({ updated_at: true });
export type PublishPageContentBody = z.infer<typeof PublishPageContentBody>;
export const PageContentPublishedData = PublishPageContentBody;
export type PageContentPublishedData = z.infer<typeof PageContentPublishedData>;

export const FaqQuestion = z.string().trim().min(5, 'Enter a question of at least 5 characters').max(300);
export const FaqAnswer = z.string().trim().min(1, 'Enter an answer').max(5000);
/** 1-based place of an item in the FAQ list; lower comes first. */
export const FaqPosition = z.number().int().positive().max(10_000);

export const AddFaqItemBody = z.object({ question: FaqQuestion, answer: FaqAnswer, position: FaqPosition.optional() });
export type AddFaqItemBody = z.infer<typeof AddFaqItemBody>;
export const UpdateFaqItemBody = z
  .object({ question: FaqQuestion.optional(), answer: FaqAnswer.optional(), position: FaqPosition.optional() })
  .refine((b) => b.question !== undefined || b.answer !== undefined || b.position !== undefined, {
    message: 'Change the question, the answer or the position',
  });
export type UpdateFaqItemBody = z.infer<typeof UpdateFaqItemBody>;

/**
 * Events written before snake_case named the item `itemId`: reading accepts both and answers `item_id`.
 * Only readers (`fromStored`) use the `Stored*` schemas; writers produce the plain shape.
 */
const storedItemId = (data: unknown): unknown =>
  typeof data === 'object' && data !== null && 'itemId' in data && !('item_id' in data)
    ? (({ itemId, ...rest }: Record<string, unknown>) => ({ item_id: itemId, ...rest }))(data as Record<string, unknown>)
    : data;

export const FaqItemAddedData = z.object({ item_id: z.string().min(1), question: FaqQuestion, answer: FaqAnswer, position: FaqPosition });
export type FaqItemAddedData = z.infer<typeof FaqItemAddedData>;
export const StoredFaqItemAddedData = z.preprocess(storedItemId, FaqItemAddedData);
/** Carries the item's full state after the change. */
export const FaqItemUpdatedData = FaqItemAddedData;
export type FaqItemUpdatedData = z.infer<typeof FaqItemUpdatedData>;
export const StoredFaqItemUpdatedData = StoredFaqItemAddedData;
export const FaqItemRemovedData = z.object({ item_id: z.string().min(1) });
export type FaqItemRemovedData = z.infer<typeof FaqItemRemovedData>;
export const StoredFaqItemRemovedData = z.preprocess(storedItemId, FaqItemRemovedData);

export const FaqList = z.object({ items: z.array(FaqItem) });
export type FaqList = z.infer<typeof FaqList>;

/** URL-safe blog slug: lower-case words joined by single hyphens. */
export const BlogSlug = z
  .string()
  .trim()
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens');
export const PublishBlogPostBody = z.object({
  slug: BlogSlug,
  title: z.string().trim().min(1, 'Enter a title').max(200),
  excerpt: z.string().trim().min(1, 'Enter an excerpt').max(500),
  body: z.string().trim().min(1, 'Enter the post').max(50_000),
  author: z.string().trim().min(1, 'Enter the author').max(120),
});
export type PublishBlogPostBody = z.infer<typeof PublishBlogPostBody>;
/** published_at is set by the first publication; later publications of the same slug are revisions. */
export const BlogPostPublishedData = PublishBlogPostBody.extend({ published_at: z.iso.datetime() });
export type BlogPostPublishedData = z.infer<typeof BlogPostPublishedData>;
/** Events written before snake_case carry `publishedAt`: reading accepts both and answers `published_at`. */
export const StoredBlogPostPublishedData = z.preprocess(
  (data) =>
    typeof data === 'object' && data !== null && 'publishedAt' in data && !('published_at' in data)
      ? (({ publishedAt, ...rest }: Record<string, unknown>) => ({ ...rest, published_at: publishedAt }))(data as Record<string, unknown>)
      : data,
  BlogPostPublishedData,
);

/** Published posts, newest first by default. */
export const BlogListQuery = listQuery({ sortFields: BLOG_SORT_FIELDS, defaultSort: 'published_at' });
export type BlogListQuery = z.infer<typeof BlogListQuery>;
export const BlogPage = pageOf(BlogSummary);
export type BlogPage = z.infer<typeof BlogPage>;

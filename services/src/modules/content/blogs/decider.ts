import { PublishBlogPostBody, StoredBlogPostPublishedData, type BlogPostPublishedData } from '@acpg/contracts/content';
import type { Command } from '../../../platform/commands/handle-command.ts';
import { publishDecider } from '../publish-decider.ts';

/** One stream per blog post. */
export const blogStream = (slug: string) => `content-blog-${slug}`;

export type BlogPostPublished = { type: 'BlogPostPublished'; data: BlogPostPublishedData };
export type BlogEvent = BlogPostPublished;

export type PublishBlogPost = Command<'PublishBlogPost', PublishBlogPostBody>;
export type BlogCommand = PublishBlogPost;

export type BlogState = { post: BlogPostPublishedData | null };

export const blogDecider = publishDecider({
  key: 'post',
  command: 'PublishBlogPost',
  event: 'BlogPostPublished',
  body: PublishBlogPostBody,
  // Old `publishedAt` read as `published_at`.
  stored: StoredBlogPostPublishedData,
  invalid: 'The blog post is not valid.',
  // A later publication is a revision: the post keeps the date it first went live.
  toData: (post, live, metadata): BlogPostPublishedData => ({ ...post, published_at: live?.published_at ?? metadata.now.toISOString() }),
});

export const { initialState: initialBlogState, evolve: evolveBlog, decide: decideBlog, fromStored: toBlogEvent } = blogDecider;

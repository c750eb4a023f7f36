import { PublishBlogPostBody, StoredBlogPostPublishedData, type BlogPostPublishedData } from '@acpg/contracts/content';
import type { Command, Decider } from '../../../platform/commands/handle-command.ts';
import type { StoredEvent } from '../../../platform/event-store/port.ts';
import { validationFailed } from '../../../platform/commands/domain-error.ts';

/** One stream per blog post. */
export const blogStream = (slug: string) => `content-blog-${slug}`;

export type BlogPostPublished = { type: 'BlogPostPublished'; data: BlogPostPublishedData };
export type BlogEvent = BlogPostPublished;

export type PublishBlogPost = Command<'PublishBlogPost', PublishBlogPostBody>;
export type BlogCommand = PublishBlogPost;

export type BlogState = { post: BlogPostPublishedData | null };
export const initialBlogState = (): BlogState => ({ post: null });

export const evolveBlog = (state: BlogState, event: BlogEvent): BlogState => {
  switch (event.type) {
    case 'BlogPostPublished':
      return { post: event.data };
    default: {
      const unexpected: never = event.type;
      throw new Error(`Unknown blog event ${String(unexpected)}`);
    }
  }
};

export const decideBlog = (command: BlogCommand, state: BlogState): BlogEvent[] => {
  switch (command.type) {
    case 'PublishBlogPost': {
      const parsed = PublishBlogPostBody.safeParse(command.data);
      if (!parsed.success) {
        throw validationFailed(
          'The blog post is not valid.',
          parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
        );
      }
      // A later publication is a revision: the post keeps the date it first went live.
      const published_at = state.post?.published_at ?? command.metadata.now.toISOString();
      const data: BlogPostPublishedData = { ...parsed.data, published_at };
      if (state.post && JSON.stringify(state.post) === JSON.stringify(data)) return [];
      return [{ type: 'BlogPostPublished', data }];
    }
    default: {
      const unexpected: never = command.type;
      throw new Error(`Unknown blog command ${String(unexpected)}`);
    }
  }
};

/** Reads a stored event back as a blog event (null for types this aggregate does not know; old `publishedAt` read as `published_at`). */
export const toBlogEvent = (event: StoredEvent): BlogEvent | null => {
  switch (event.type) {
    case 'BlogPostPublished':
      return { type: 'BlogPostPublished', data: StoredBlogPostPublishedData.parse(event.data) };
    default:
      return null;
  }
};

export const blogDecider: Decider<BlogCommand, BlogEvent, BlogState> = {
  initialState: initialBlogState,
  evolve: evolveBlog,
  decide: decideBlog,
  fromStored: toBlogEvent,
};

import { BlogSlug, type PublishBlogPostBody } from '@acpg/contracts/content';
import type { AppendResult } from '../../../platform/event-store/port.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import type { Platform } from '../../../platform/module.ts';
import { blogStateFrom, blogStream, decideBlog } from './decider.ts';

/** Who asked, and in answer to what; the admin routes fill it from the request. */
export interface CommandContext {
  actor: string | null;
  correlationId: string;
  causationId?: string | null;
}

/**
 * Publishes a blog post, or a revision of it: loads the stream, decides, appends. A concurrent publication
 * surfaces as ConcurrencyError (HTTP 409). Returns null when the same text is already live.
 */
export const publishBlogPost = async (
  platform: Platform,
  post: PublishBlogPostBody,
  context: CommandContext,
): Promise<AppendResult | null> => {
  const slug = BlogSlug.safeParse(post.slug);
  if (!slug.success) throw badRequest('The blog post is not valid.', [{ path: 'slug', message: slug.error.issues[0]?.message ?? 'Invalid slug' }]);
  const stream = blogStream(slug.data);
  const history = await platform.eventStore.readStream(stream);
  const now = platform.clock();
  const events = decideBlog({ type: 'PublishBlogPost', data: post, metadata: { now } }, blogStateFrom(history));
  if (events.length === 0) return null;
  return platform.eventStore.append(
    stream,
    history.at(-1)?.version ?? 0,
    events.map((event) => ({
      id: platform.newId(),
      type: event.type,
      data: event.data,
      occurredAt: now.toISOString(),
      actor: context.actor,
      correlationId: context.correlationId,
      causationId: context.causationId ?? null,
    })),
  );
};

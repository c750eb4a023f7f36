import { BlogSlug, type PublishBlogPostBody } from '@acpg/contracts/content';
import { handleCommand, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import { validationFailed } from '../../../platform/commands/domain-error.ts';
import type { Platform } from '../../../platform/module.ts';
import { blogDecider, blogStream } from './decider.ts';

/** Publishes a blog post, or a revision of it; no event when the same text is already live. */
export const publishBlogPost = (platform: Platform, post: PublishBlogPostBody, meta: CommandMeta) => {
  const slug = BlogSlug.safeParse(post.slug);
  if (!slug.success) throw validationFailed('The blog post is not valid.', [{ path: 'slug', message: slug.error.issues[0]?.message ?? 'Invalid slug' }]);
  return handleCommand(platform.eventStore, blogStream(slug.data), blogDecider, { type: 'PublishBlogPost', data: post, metadata: meta });
};

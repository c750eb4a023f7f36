import { PageSlug, type PublishPageContentBody } from '@acpg/contracts/content';
import { handleCommand, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import { validationFailed } from '../../../platform/commands/domain-error.ts';
import type { Platform } from '../../../platform/module.ts';
import { pageDecider, pageStream } from './decider.ts';

/** Publishes a page's content; no event when the content is already live. */
export const publishPageContent = (platform: Platform, content: PublishPageContentBody, meta: CommandMeta) => {
  const slug = PageSlug.safeParse(content.slug);
  if (!slug.success) {
    const message = `There is no page called "${String(content.slug)}".`;
    throw validationFailed(message, [{ path: 'slug', message }]);
  }
  return handleCommand(platform.eventStore, pageStream(slug.data), pageDecider, { type: 'PublishPageContent', data: content, metadata: meta });
};

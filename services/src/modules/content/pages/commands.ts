import { PageSlug, type PublishPageContentBody } from '@acpg/contracts/content';
import type { CommandOrigin } from '../../../platform/commands/handle-command.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import type { Platform } from '../../../platform/module.ts';
import { handleContentCommand } from '../content-command.ts';
import { pageDecider, pageStream, type PageCommand } from './decider.ts';

/** Publishes a page's content; no event when the content is already live. */
export const publishPageContent = (platform: Platform, content: PublishPageContentBody, origin: CommandOrigin) => {
  const slug = PageSlug.safeParse(content.slug);
  if (!slug.success) throw badRequest(`There is no page called "${String(content.slug)}".`);
  return handleContentCommand(platform, pageStream(slug.data), pageDecider, (now): PageCommand => ({ type: 'PublishPageContent', data: content, metadata: { now } }), origin);
};

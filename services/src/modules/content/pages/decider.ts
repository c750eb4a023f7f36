import { PageContentPublishedData, PublishPageContentBody, type PageSlug } from '@acpg/contracts/content';
import type { Command } from '../../../platform/commands/handle-command.ts';
import { publishDecider } from '../publish-decider.ts';

/** One stream per public page. */
export const pageStream = (slug: PageSlug) => `content-page-${slug}`;

export type PageContentPublished = { type: 'PageContentPublished'; data: PageContentPublishedData };
export type PageEvent = PageContentPublished;

export type PublishPageContent = Command<'PublishPageContent', PublishPageContentBody>;
export type PageCommand = PublishPageContent;

export type PageState = { content: PageContentPublishedData | null };

export const pageDecider = publishDecider({
  key: 'content',
  command: 'PublishPageContent',
  event: 'PageContentPublished',
  body: PublishPageContentBody,
  stored: PageContentPublishedData,
  invalid: 'The page content is not valid.',
  toData: (content): PageContentPublishedData => content,
});

export const { initialState: initialPageState, evolve: evolvePage, decide: decidePage, fromStored: toPageEvent } = pageDecider;

import { PageContentPublishedData, PublishPageContentBody, type PageSlug } from '@acpg/contracts/content';
import type { Command, Decider } from '../../../platform/commands/handle-command.ts';
import type { StoredEvent } from '../../../platform/event-store/port.ts';
import { validationFailed } from '../../../platform/commands/domain-error.ts';

/** One stream per public page. */
export const pageStream = (slug: PageSlug) => `content-page-${slug}`;

export type PageContentPublished = { type: 'PageContentPublished'; data: PageContentPublishedData };
export type PageEvent = PageContentPublished;

export type PublishPageContent = Command<'PublishPageContent', PublishPageContentBody>;
export type PageCommand = PublishPageContent;

export type PageState = { content: PageContentPublishedData | null };
export const initialPageState = (): PageState => ({ content: null });

export const evolvePage = (state: PageState, event: PageEvent): PageState => {
  switch (event.type) {
    case 'PageContentPublished':
      return { content: event.data };
    default: {
      const unexpected: never = event.type;
      throw new Error(`Unknown page event ${String(unexpected)}`);
    }
  }
};

export const decidePage = (command: PageCommand, state: PageState): PageEvent[] => {
  switch (command.type) {
    case 'PublishPageContent': {
      const parsed = PublishPageContentBody.safeParse(command.data);
      if (!parsed.success) {
        throw validationFailed(
          'The page content is not valid.',
          parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
        );
      }
      // Publishing what is already live changes nothing, so the seed and retried requests add no event.
      if (state.content && JSON.stringify(state.content) === JSON.stringify(parsed.data)) return [];
      return [{ type: 'PageContentPublished', data: parsed.data }];
    }
    default: {
      const unexpected: never = command.type;
      throw new Error(`Unknown page command ${String(unexpected)}`);
    }
  }
};

/** Reads a stored event back as a page event (null for types this aggregate does not know). */
export const toPageEvent = (event: StoredEvent): PageEvent | null => {
  switch (event.type) {
    case 'PageContentPublished':
      return { type: 'PageContentPublished', data: PageContentPublishedData.parse(event.data) };
    default:
      return null;
  }
};

export const pageDecider: Decider<PageCommand, PageEvent, PageState> = {
  initialState: initialPageState,
  evolve: evolvePage,
  decide: decidePage,
  fromStored: toPageEvent,
};

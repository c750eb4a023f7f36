import { ConcurrencyError } from '../../platform/event-store/port.ts';
import type { Platform } from '../../platform/module.ts';
import { blogStream, decideBlog, initialBlogState } from './blogs/decider.ts';
import { SEED_BLOG_POSTS } from './blogs/seed-blogs.ts';
import { decideFaq, evolveFaq, FAQ_STREAM, initialFaqState, type FaqEvent } from './faq/decider.ts';
import { SEED_FAQ } from './faq/seed-faq.ts';
import { decidePage, initialPageState, pageStream } from './pages/decider.ts';
import { SEED_PAGES } from './pages/seed-pages.ts';

type DomainEvent = { type: string; data: unknown };

/**
 * Appends a stream's first events only if the stream does not exist yet: once seeded, or once an admin has
 * edited the content, the append at version 0 conflicts and the seed leaves the stream alone.
 */
const seedStream = async (platform: Platform, stream: string, events: readonly DomainEvent[], now: Date, correlationId: string) => {
  if (events.length === 0) return;
  try {
    await platform.eventStore.append(
      stream,
      0,
      events.map((event) => ({
        id: platform.newId(),
        type: event.type,
        data: event.data,
        occurredAt: now.toISOString(),
        actor: 'system',
        correlationId,
        causationId: null,
      })),
    );
  } catch (error) {
    if (error instanceof ConcurrencyError) return;
    throw error;
  }
};

/** Seeds the public pages, the FAQ and the first blog posts. Idempotent: runs at every start. */
export const seedContent = async (platform: Platform): Promise<void> => {
  const correlationId = platform.newId();

  for (const page of SEED_PAGES) {
    const now = platform.clock();
    const events = decidePage({ type: 'PublishPageContent', data: page, metadata: { now } }, initialPageState());
    await seedStream(platform, pageStream(page.slug), events, now, correlationId);
  }

  // The FAQ is one stream: every item goes in one append at version 0.
  const faqNow = platform.clock();
  let faq = initialFaqState();
  const faqEvents: FaqEvent[] = [];
  for (const [index, item] of SEED_FAQ.entries()) {
    const events = decideFaq(
      { type: 'AddFaqItem', data: { ...item, position: index + 1 }, metadata: { now: faqNow, itemId: platform.newId() } },
      faq,
    );
    faq = events.reduce(evolveFaq, faq);
    faqEvents.push(...events);
  }
  await seedStream(platform, FAQ_STREAM, faqEvents, faqNow, correlationId);

  // Oldest first, so the newest-first list shows them in the intended order.
  for (const post of SEED_BLOG_POSTS) {
    const now = platform.clock();
    const events = decideBlog({ type: 'PublishBlogPost', data: post, metadata: { now } }, initialBlogState());
    await seedStream(platform, blogStream(post.slug), events, now, correlationId);
  }
};

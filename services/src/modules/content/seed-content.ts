import type { Platform } from '../../platform/module.ts';
import { blogStream, decideBlog, initialBlogState } from './blogs/decider.ts';
import { SEED_BLOG_POSTS } from './blogs/seed-blogs.ts';
import { decideFaq, evolveFaq, FAQ_STREAM, initialFaqState, type FaqEvent } from './faq/decider.ts';
import { SEED_FAQ } from './faq/seed-faq.ts';
import { decidePage, initialPageState, pageStream } from './pages/decider.ts';
import { SEED_PAGES } from './pages/seed-pages.ts';
import { seedStream } from './seed-stream.ts';

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

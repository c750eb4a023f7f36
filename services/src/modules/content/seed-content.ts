import { systemMeta } from '../../platform/commands/metadata.ts';
import { seedStream } from '../../platform/commands/seed-stream.ts';
import type { Platform } from '../../platform/module.ts';
import { blogDecider, blogStream } from './blogs/decider.ts';
import { SEED_BLOG_POSTS } from './blogs/seed-blogs.ts';
import { FAQ_STREAM, faqDecider } from './faq/decider.ts';
import { SEED_FAQ } from './faq/seed-faq.ts';
import { pageDecider, pageStream } from './pages/decider.ts';
import { SEED_PAGES } from './pages/seed-pages.ts';

/** Seeds the public pages, the FAQ and the first blog posts. Idempotent: runs at every start, writes only new streams. */
export const seedContent = async (platform: Platform): Promise<void> => {
  const metadata = systemMeta(platform, { actor: 'seed' });
  const store = platform.eventStore;

  for (const page of SEED_PAGES) {
    await seedStream(store, pageStream(page.slug), pageDecider, [{ type: 'PublishPageContent', data: page, metadata }]);
  }

  // The FAQ is one stream: every item goes in one append.
  await seedStream(
    store,
    FAQ_STREAM,
    faqDecider,
    SEED_FAQ.map((item, index) => ({ type: 'AddFaqItem' as const, data: { ...item, position: index + 1, item_id: platform.newId() }, metadata })),
  );

  // Oldest first, so the newest-first list shows them in the intended order.
  for (const post of SEED_BLOG_POSTS) {
    await seedStream(store, blogStream(post.slug), blogDecider, [{ type: 'PublishBlogPost', data: post, metadata }]);
  }
};

import type { Module } from '../../platform/module.ts';
import { withContactMessages } from './contact-messages/module-part.ts';
import { blogPostProjection } from './blogs/projection.ts';
import { blogRoutes } from './blogs/routes.ts';
import { seedContactPage } from './contact-page/commands.ts';
import { contactPageProjection } from './contact-page/projection.ts';
import { contactPageRoutes } from './contact-page/routes.ts';
import { faqProjection } from './faq/projection.ts';
import { faqRoutes } from './faq/routes.ts';
import { pageContentProjection } from './pages/projection.ts';
import { pageRoutes } from './pages/routes.ts';
import { seedContent } from './seed-content.ts';

/** The CMS: public pages, FAQ, blog and the contact page, each an event-sourced aggregate with its read model. */
export const contentModule: Module = withContactMessages({
  name: 'content',
  partitions: 1, // as before topics were generated: a few admin edits a day
  eventTypes: ['ContactDetailsUpdated', 'PageContentPublished', 'FaqItemAdded', 'FaqItemUpdated', 'FaqItemRemoved', 'BlogPostPublished'],
  routes: (platform) => async (app) => {
    await app.register(contactPageRoutes(platform));
    await app.register(pageRoutes(platform));
    await app.register(faqRoutes(platform));
    await app.register(blogRoutes(platform));
  },
  projections: [contactPageProjection, pageContentProjection, faqProjection, blogPostProjection],
  seed: async (platform) => {
    await seedContactPage(platform);
    await seedContent(platform);
  },
});

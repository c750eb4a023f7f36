import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FaqList } from '@acpg/contracts/content';
import { okEnvelope } from '@acpg/contracts/http';
import type { Platform } from '../../../platform/module.ts';
import { faqProjection, toFaqItem } from './projection.ts';

/** Public read of the FAQ page. */
export const faqRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/cms/faq',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['content'],
          summary: 'Frequently asked questions, in display order',
          response: { 200: okEnvelope(FaqList) },
        },
      },
      async () => {
        const docs = await platform.documents.find(
          faqProjection.collection,
          { removed: false },
          // _id (UUIDv7) breaks ties, so items sharing a position keep the order they were added in.
          { sort: { position: 1, _id: 1 } },
        );
        return { success: true as const, data: { items: docs.map(toFaqItem) } };
      },
    );
  };

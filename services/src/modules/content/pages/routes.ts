import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageContent, PageSlug } from '@acpg/contracts/content';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { notFound } from '../../../platform/http/errors.ts';
import type { Platform } from '../../../platform/module.ts';
import { pageContentProjection, toPageContent } from './projection.ts';

/** Public read of the CMS pages (home, about us, services, privacy policy, additional information). */
export const pageRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/cms/pages/:slug',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['content'],
          summary: 'Published content of a public page',
          params: z.object({ slug: PageSlug }),
          response: { 200: okEnvelope(PageContent), 404: ErrorEnvelope },
        },
      },
      async (request) => {
        const doc = await platform.documents.get(pageContentProjection.collection, request.params.slug);
        if (!doc) throw notFound('Page not found.');
        return { success: true as const, data: toPageContent(doc) };
      },
    );
  };

import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BlogListQuery, BlogPage, BlogPost } from '@acpg/contracts/content';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { findPage } from '../../../platform/documents/paged.ts';
import { notFound } from '../../../platform/http/errors.ts';
import type { Platform } from '../../../platform/module.ts';
import { blogPostProjection, toBlogPost, toBlogSummary } from './projection.ts';

/** Public read of the blog: a paged list, newest first, and one post by slug. */
export const blogRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const collection = blogPostProjection.collection;

    app.get(
      '/cms/blogs',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['content'],
          summary: 'Published blog posts, newest first unless sorted otherwise',
          querystring: BlogListQuery,
          response: { 200: okEnvelope(BlogPage), 400: ErrorEnvelope },
        },
      },
      async (request) => {
        // Ties broken by the date, then by first publication (then the slug), so consecutive pages never overlap.
        const page = await findPage(platform.documents, collection, request.query, {
          thenBy: ['published_at', 'first_position'],
          toItem: toBlogSummary,
        });
        return { success: true as const, data: page };
      },
    );

    app.get(
      '/cms/blogs/:slug',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['content'],
          summary: 'One published blog post',
          params: z.object({ slug: z.string().min(1).max(200) }),
          response: { 200: okEnvelope(BlogPost), 404: ErrorEnvelope },
        },
      },
      async (request) => {
        const doc = await platform.documents.get(collection, request.params.slug);
        if (!doc) throw notFound('Blog post not found.');
        return { success: true as const, data: toBlogPost(doc) };
      },
    );
  };

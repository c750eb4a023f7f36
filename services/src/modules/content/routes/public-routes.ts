import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ContentKey, ContentPageQuery, PublicBlogPage, PublishedContent } from '@acpg/contracts/content-documents';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { notFound } from '../../../platform/http/errors.ts';
import type { Platform } from '../../../platform/module.ts';
import { PUBLISHED_COLLECTION, publishedProjection, toPublicBlogItem, toPublishedContent } from '../published/projection.ts';

/** Public reads revalidate every time (a publish shows at once) and cost a 304 when nothing changed. */
export const PUBLIC_CACHE_CONTROL = 'public, no-cache';

const etagOf = (value: unknown) => `"${createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 27)}"`;

/** Answers 304 when the client holds this version (If-None-Match), else the envelope with its ETag. */
export const cachedAnswer = <T>(request: FastifyRequest, reply: FastifyReply, data: T) => {
  const etag = etagOf(data);
  reply.header('etag', etag).header('cache-control', PUBLIC_CACHE_CONTROL);
  const held = request.headers['if-none-match'];
  if (held && held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
  return reply.send({ success: true as const, data });
};

/** The document id a key names, or null for anything that is not a content key (answered as unknown). */
export const keyOf = (raw: string): ContentKey | null => {
  const parsed = ContentKey.safeParse(raw);
  return parsed.success ? parsed.data : null;
};

export const KeyParams = z.object({ key: z.string().max(200).describe('A content key: home, about-us, services, faq, contact, site, privacy-policy, terms-of-service, additional-information or blog.<slug>') });

/** GET /cms/content/:key and GET /cms/blogs: what visitors see, from the published read model only. */
export const publicContentRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/cms/content/:key',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['content'],
          summary: 'The published version of a content document (a page, the site, a blog post)',
          description:
            'The body is typed by the key (`contentSchemaOf(key)` in @acpg/contracts/content-documents); every `*_html` field is sanitized HTML, every other field plain text. ' +
            `404 NOT_FOUND when the document was never published or is unpublished. ETag and \`Cache-Control: ${PUBLIC_CACHE_CONTROL}\`: send If-None-Match for a 304.`,
          params: KeyParams,
          response: { 200: okEnvelope(PublishedContent), 304: z.null().describe('Not modified'), 404: ErrorEnvelope },
        },
      },
      async (request, reply) => {
        const key = keyOf(request.params.key);
        if (!key) throw notFound('This page was not found.');
        let doc = await platform.documents.get(PUBLISHED_COLLECTION, key);
        // Right after a start the seed may not be projected yet: a miss waits, bounded, for the read model once.
        if (!doc && (await platform.caughtUp(publishedProjection, { waitMs: 1000 }))) doc = await platform.documents.get(PUBLISHED_COLLECTION, key);
        if (!doc) throw notFound('This page was not found.');
        return cachedAnswer(request, reply, toPublishedContent(doc));
      },
    );

    app.get(
      '/cms/blogs',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['content'],
          summary: 'Published blog posts, newest first (by first publication)',
          description: `ETag and \`Cache-Control: ${PUBLIC_CACHE_CONTROL}\`. A post's full text is GET /cms/content/blog.<slug>.`,
          querystring: ContentPageQuery,
          response: { 200: okEnvelope(PublicBlogPage), 304: z.null().describe('Not modified'), 400: ErrorEnvelope },
        },
      },
      async (request, reply) => {
        const { page, page_size } = request.query;
        const filter = { kind: 'blog' };
        const [docs, total] = await Promise.all([
          platform.documents.find(PUBLISHED_COLLECTION, filter, { sort: { first_published_at: -1, _id: -1 }, skip: (page - 1) * page_size, limit: page_size }),
          platform.documents.count(PUBLISHED_COLLECTION, filter),
        ]);
        return cachedAnswer(request, reply, { items: docs.map(toPublicBlogItem), total, page, page_size });
      },
    );
  };

import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminBlogPage,
  ContentActionBody,
  ContentHistoryPage,
  ContentPageQuery,
  ManagedContent,
  PublishedContent,
  RestoreContentBody,
  SaveDraftBody,
  SaveDraftResult,
  type ContentChange,
  type ContentKey,
  type ContentStatus,
} from '@acpg/contracts/content-documents';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { loadStream } from '../../../platform/commands/handle-command.ts';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import type { Doc } from '../../../platform/documents/port.ts';
import { notFound } from '../../../platform/http/errors.ts';
import type { Platform } from '../../../platform/module.ts';
import { documentAtHead } from '../../../platform/projections/caught-up.ts';
import { runContentCommand, saveContentDraft } from '../document/commands.ts';
import { contentDecider } from '../document/decider.ts';
import { contentStream } from '../document/events.ts';
import { managedOf, nameOf } from '../document/view.ts';
import { HISTORY_COLLECTION } from '../history/projection.ts';
import { MANAGED_COLLECTION } from '../managed/projection.ts';
import { toPublishedContent, VERSIONS_COLLECTION, versionId } from '../published/projection.ts';
import { KeyParams, keyOf } from './public-routes.ts';

const MANAGE = { auth: { capability: 'content.manage' } } as const;
const tags = ['content'];
const security = [{ bearer: [] }];
const refusals = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ErrorEnvelope]));
const REVISION = 'Send the `revision` you read as `expected_revision`: 409 REVISION_CONFLICT when someone changed the document since.';

const documentKey = (raw: string): ContentKey => {
  const key = keyOf(raw);
  if (!key) throw notFound('There is no such content document.');
  return key;
};

/** A managed read model row as the editor reads it. */
const toManaged = async (platform: Platform, doc: Doc): Promise<ManagedContent> => ({
  key: String(doc.key),
  status: doc.status as ContentStatus,
  draft: doc.draft ?? null,
  published: doc.published ? (doc.published as ManagedContent['published']) : null,
  revision: Number(doc.revision),
  updated_at: typeof doc.updated_at === 'string' ? doc.updated_at : null,
  updated_by: typeof doc.updated_by === 'string' ? await nameOf(platform, doc.updated_by) : null,
});

/** Names of the accounts a page of rows names, each looked up once. */
const namesFor = async (platform: Platform, ids: readonly string[]): Promise<Map<string, string>> => {
  const unique = [...new Set(ids)];
  return new Map(await Promise.all(unique.map(async (id) => [id, await nameOf(platform, id)] as const)));
};

/** The content documents' editor API (capability `content.manage`: Super Admin and Admin). */
export const adminContentRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/cms/admin/content/:key',
      {
        config: MANAGE,
        schema: {
          tags,
          security,
          summary: 'A content document as its editor sees it: draft, published version, status, revision',
          description: 'A document nobody saved yet answers 200 with `draft: null`, `status: draft`, `revision: 0`. Reads its own writes: waits, bounded, for the read model to hold the stream head.',
          params: KeyParams,
          response: { 200: okEnvelope(ManagedContent), ...refusals(401, 403, 404) },
        },
      },
      async (request) => {
        const key = documentKey(request.params.key);
        const { doc, behind } = await documentAtHead(platform, { collection: MANAGED_COLLECTION, id: key, stream: contentStream(key) });
        if (doc && !behind) return { success: true as const, data: await toManaged(platform, doc) };
        // Never saved, or the read model is behind (a stalled projector): the small stream folded.
        const { state } = await loadStream(platform.eventStore, contentStream(key), contentDecider);
        return { success: true as const, data: await managedOf(platform, key, state) };
      },
    );

    app.get(
      '/cms/admin/blogs',
      {
        config: MANAGE,
        schema: { tags, security, summary: 'Every blog post, drafts and unpublished ones included, last changed first', querystring: ContentPageQuery, response: { 200: okEnvelope(AdminBlogPage), ...refusals(400, 401, 403) } },
      },
      async (request) => {
        const { page, page_size } = request.query;
        const filter = { kind: 'blog' };
        const [docs, total] = await Promise.all([
          platform.documents.find(MANAGED_COLLECTION, filter, { sort: { updated_at: -1, _id: -1 }, skip: (page - 1) * page_size, limit: page_size }),
          platform.documents.count(MANAGED_COLLECTION, filter),
        ]);
        const names = await namesFor(platform, docs.map((doc) => String(doc.updated_by)));
        const items = docs.map((doc) => ({
          key: String(doc.key),
          slug: String(doc.slug),
          heading: String(doc.heading ?? ''),
          status: doc.status as ContentStatus,
          updated_at: typeof doc.updated_at === 'string' ? doc.updated_at : null,
          updated_by: names.get(String(doc.updated_by)) ?? null,
        }));
        return { success: true as const, data: { items, total, page, page_size } };
      },
    );

    app.put(
      '/cms/admin/content/:key/draft',
      {
        config: MANAGE,
        schema: {
          tags,
          security,
          summary: 'Save the draft of a content document (creates a blog post when the key is new)',
          description:
            `The body must match the key's schema (400 VALIDATION_FAILED naming \`body.<field>\`). Every \`*_html\` field is sanitized; \`removed\` says what was taken out. ` +
            `Plain text fields holding HTML tags are refused (400). Saving the same draft again changes nothing. ${REVISION} A new blog post: key blog.<slug>, expected_revision 0.`,
          params: KeyParams,
          body: SaveDraftBody,
          response: { 200: okEnvelope(SaveDraftResult), ...refusals(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const key = documentKey(request.params.key);
        const saved = await saveContentDraft(platform, { key, body: request.body.body, expected_revision: request.body.expected_revision }, requestMeta(request, platform));
        const message = saved.removed.length > 0 ? 'The draft was saved. Some formatting was removed because it is not allowed.' : 'The draft was saved.';
        return { success: true as const, data: saved, message };
      },
    );

    const action = (verb: 'publish' | 'unpublish', type: 'PublishContent' | 'UnpublishContent', summary: string, done: string) =>
      app.post(
        `/cms/admin/content/:key/${verb}`,
        {
          config: MANAGE,
          schema: { tags, security, summary, description: REVISION, params: KeyParams, body: ContentActionBody, response: { 200: okEnvelope(ManagedContent), ...refusals(400, 401, 403, 404, 409) } },
        },
        async (request) => {
          const key = documentKey(request.params.key);
          const data = await runContentCommand(platform, { type, data: { key, expected_revision: request.body.expected_revision } }, requestMeta(request, platform));
          return { success: true as const, data, message: done };
        },
      );
    action('publish', 'PublishContent', 'Publish the draft: visitors see it at once (409 NO_DRAFT without one)', 'Published.');
    action('unpublish', 'UnpublishContent', 'Unpublish: visitors get 404 until it is published again (409 NOT_PUBLISHED when it is not)', 'Unpublished.');

    app.post(
      '/cms/admin/content/:key/restore',
      {
        config: MANAGE,
        schema: {
          tags,
          security,
          summary: 'Copy a published version into the draft (publish it to make it live)',
          description: `404 VERSION_NOT_FOUND for a version never published. ${REVISION}`,
          params: KeyParams,
          body: RestoreContentBody,
          response: { 200: okEnvelope(ManagedContent), ...refusals(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const key = documentKey(request.params.key);
        const { expected_revision, version } = request.body;
        const data = await runContentCommand(platform, { type: 'RestoreContentVersion', data: { key, expected_revision, version } }, requestMeta(request, platform));
        return { success: true as const, data, message: `Version ${version} is now the draft.` };
      },
    );

    app.get(
      '/cms/admin/content/:key/history',
      {
        config: MANAGE,
        schema: { tags, security, summary: "A content document's changes, newest first: what, who, when", params: KeyParams, querystring: ContentPageQuery, response: { 200: okEnvelope(ContentHistoryPage), ...refusals(400, 401, 403, 404) } },
      },
      async (request) => {
        const key = documentKey(request.params.key);
        const { page, page_size } = request.query;
        const filter = { key };
        const [docs, total] = await Promise.all([
          platform.documents.find(HISTORY_COLLECTION, filter, { sort: { position: -1 }, skip: (page - 1) * page_size, limit: page_size }),
          platform.documents.count(HISTORY_COLLECTION, filter),
        ]);
        const names = await namesFor(platform, docs.map((doc) => String(doc.by)));
        const items: ContentChange[] = docs.map((doc) => ({
          kind: doc.kind as ContentChange['kind'],
          at: String(doc.at),
          by: { account_id: String(doc.by), name: names.get(String(doc.by)) ?? String(doc.by) },
          version: typeof doc.version === 'number' ? doc.version : null,
          summary: String(doc.summary ?? ''),
        }));
        return { success: true as const, data: { items, total, page, page_size } };
      },
    );

    app.get(
      '/cms/admin/content/:key/versions/:version',
      {
        config: MANAGE,
        schema: {
          tags,
          security,
          summary: 'One published version of a content document (preview, compare)',
          params: KeyParams.extend({ version: z.coerce.number().int().positive().max(1_000_000) }),
          response: { 200: okEnvelope(PublishedContent), ...refusals(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const key = documentKey(request.params.key);
        const doc = await platform.documents.get(VERSIONS_COLLECTION, versionId(key, request.params.version));
        if (!doc) throw notFound(`This document has no published version ${request.params.version}.`);
        return { success: true as const, data: toPublishedContent(doc) };
      },
    );
  };

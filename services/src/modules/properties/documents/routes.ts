import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import {
  DOCUMENT_RULES,
  OwnershipVerification,
  PropertyDocumentBody,
  PropertyDocumentIdParams,
  PropertyDocumentReview,
  PropertyDocumentsQuery,
  PropertyIdParams,
  RejectPropertyDocumentBody,
} from '@acpg/contracts/properties';
import { MAX_DOCUMENT_BYTES } from '@acpg/contracts/uploads';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import { callerOf } from '../../../platform/http/caller.ts';
import { validationFailed } from '../../../platform/http/errors.ts';
import { listRoute, ROLE_LIST_REFUSALS } from '../../../platform/http/list-route.ts';
import type { Platform } from '../../../platform/module.ts';
import type { PropertyData } from '../../../platform/property-data/port.ts';
import { readUpload } from '../../../platform/uploads/read-upload.ts';
import { documentReview, reviewDocument, submitDocument } from './flow.ts';
import { PROPERTY_DOCUMENTS_COLLECTION, toDocumentReview } from './projection.ts';

const tags = ['properties'];
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorEnvelope]));
const SUPER_ADMIN = { auth: { roles: ['Super Admin' as const] } };
/** A base64 document of 15 MB, its kind and the JSON around it. */
const DOCUMENT_BODY_LIMIT = Math.ceil(MAX_DOCUMENT_BYTES / 3) * 4 + 64 * 1024;
/** What a deed or tax bill may be, read from its content (WebP images are not taken for documents). */
const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];

/** Ownership documents: the member sends one; Super Admins list, open, approve or reject them. */
export const documentRoutes =
  (platform: Platform, data: PropertyData): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/properties/:id/verifications/documents',
      {
        bodyLimit: DOCUMENT_BODY_LIMIT,
        config: { auth: { roles: 'any' }, rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Send a document (deed or property-tax bill) that shows the property is yours',
          description:
            'The file is JSON `{ kind, data }` with data in base64 or a data: URL: a PDF, JPEG or PNG (checked by its content, at most 15 MB), kept encrypted. ' +
            `A Super Admin reviews it: approved, the property is verified for the account (PropertyVerified, method document); rejected, the reason shows here and another may be sent. ` +
            `One under review at a time (409 DOCUMENT_UNDER_REVIEW); at most ${DOCUMENT_RULES.maxDocuments} per account and property, ever (409 TOO_MANY_DOCUMENTS).`,
          security: [{ bearer: [] }],
          params: PropertyIdParams,
          body: PropertyDocumentBody,
          response: { 200: okEnvelope(OwnershipVerification), ...errors(400, 401, 404, 409, 413, 429) },
        },
      },
      async (request) => {
        const file = await readUpload(request.body.data, { kinds: ['image', 'pdf'], maxBytes: MAX_DOCUMENT_BYTES });
        if (!DOCUMENT_TYPES.includes(file.contentType)) {
          const message = 'The file must be a PDF, JPEG or PNG.';
          throw validationFailed(message, [{ path: 'data', message }]);
        }
        const view = await submitDocument(
          platform,
          data,
          { accountId: callerOf(request).userId, propertyId: request.params.id, kind: request.body.kind, file },
          requestMeta(request, platform),
        );
        return { success: true as const, data: view, message: 'Your document was sent for review.' };
      },
    );

    listRoute(fastify, platform, {
      url: '/admin/properties/documents',
      auth: SUPER_ADMIN.auth,
      tags,
      summary: 'Ownership documents, waiting for review first (Super Admin)',
      querystring: PropertyDocumentsQuery,
      item: PropertyDocumentReview,
      refusals: ROLE_LIST_REFUSALS,
      collection: PROPERTY_DOCUMENTS_COLLECTION,
      thenBy: ['submitted_at'],
      filter: (query) => ({ status: query.status }),
      toItem: toDocumentReview,
    });

    app.get(
      '/admin/properties/documents/:document_id/file',
      {
        config: SUPER_ADMIN,
        schema: {
          tags,
          summary: 'Open an ownership document (Super Admin)',
          description: 'Answers the file as sent (application/pdf, image/jpeg or image/png). 404 DOCUMENT_NOT_FOUND.',
          security: [{ bearer: [] }],
          params: PropertyDocumentIdParams,
        },
      },
      async (request, reply) => {
        const row = await documentReview(platform, request.params.document_id);
        const file = await platform.files.get(row.file_key);
        if (!file) return reply.code(404).send({ success: false as const, code: 'DOCUMENT_NOT_FOUND', message: 'This document was not found.' });
        const extension = row.content_type === 'application/pdf' ? 'pdf' : row.content_type === 'image/png' ? 'png' : 'jpg';
        return reply
          .type(row.content_type)
          .header('content-disposition', `inline; filename="ownership-document-${row.document_id}.${extension}"`)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(file.bytes);
      },
    );

    app.post(
      '/admin/properties/documents/:document_id/approve',
      {
        config: SUPER_ADMIN,
        schema: {
          tags,
          summary: 'Approve an ownership document: the property is verified for the member (Super Admin)',
          description: '404 DOCUMENT_NOT_FOUND; 409 DOCUMENT_ALREADY_REVIEWED when it no longer waits for review.',
          security: [{ bearer: [] }],
          params: PropertyDocumentIdParams,
          response: { 200: okEnvelope(PropertyDocumentReview), ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const reviewed = await reviewDocument(
          platform,
          { documentId: request.params.document_id, by: callerOf(request).userId, decision: { approve: true } },
          requestMeta(request, platform),
        );
        return { success: true as const, data: reviewed, message: 'Document approved: the property is verified for the member.' };
      },
    );

    app.post(
      '/admin/properties/documents/:document_id/reject',
      {
        config: SUPER_ADMIN,
        schema: {
          tags,
          summary: 'Reject an ownership document with the reason the member sees (Super Admin)',
          description: `The member may send another while fewer than ${DOCUMENT_RULES.maxDocuments} were sent. 404 DOCUMENT_NOT_FOUND; 409 DOCUMENT_ALREADY_REVIEWED.`,
          security: [{ bearer: [] }],
          params: PropertyDocumentIdParams,
          body: RejectPropertyDocumentBody,
          response: { 200: okEnvelope(PropertyDocumentReview), ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const reviewed = await reviewDocument(
          platform,
          { documentId: request.params.document_id, by: callerOf(request).userId, decision: { approve: false, reason: request.body.reason } },
          requestMeta(request, platform),
        );
        return { success: true as const, data: reviewed, message: 'Document rejected: the member sees the reason.' };
      },
    );
  };

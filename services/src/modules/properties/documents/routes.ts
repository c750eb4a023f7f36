import type { FastifyPluginAsync } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import {
  DOCUMENT_RULES,
  OwnershipVerification,
  PropertyDocumentBody,
  PropertyDocumentIdParams,
  PropertyDocumentKind,
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
import { holdUploadSlot, parseForm, readMultipart } from '../../../platform/uploads/multipart.ts';
import { readUpload, type CheckedUpload } from '../../../platform/uploads/read-upload.ts';
import { documentReview, maySubmitDocument, reviewDocument, submitDocument } from './flow.ts';
import { PROPERTY_DOCUMENTS_COLLECTION, toDocumentReview } from './projection.ts';

const tags = ['properties'];
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorEnvelope]));
const REVIEW = { auth: { capability: 'ownership-documents.review' as const } };
/**
 * JSON with a base64 `data` is kept for a small scan or photo (the body at most 1 MB: it is decoded in memory); a deed
 * of up to 15 MB comes as multipart/form-data, read as it streams (`platform/uploads/multipart.ts`).
 */
export const DOCUMENT_JSON_BODY_LIMIT = 1024 * 1024;
const DocumentForm = z.object({ kind: PropertyDocumentKind });
const DOCUMENT_BODY_DOCS = {
  'multipart/form-data': DocumentForm.extend({ file: z.string().meta({ format: 'binary', description: 'The PDF, JPEG or PNG, at most 15 MB (checked by its content).' }) }).describe(
    'The field `kind` first, then the part `file` (curl -F kind=deed -F "file=@deed.pdf").',
  ),
  'application/json': PropertyDocumentBody.describe('`data` base64 or a data: URL: a small scan only (the body at most 1 MB).'),
};
/** What a deed or tax bill may be, read from its content (WebP images are not taken for documents). */
const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];


/** Ownership documents: the member sends one; Super Admins list, open, approve or reject them. */
export const documentRoutes =
  (platform: Platform, data: PropertyData): FastifyPluginAsync =>
  async (fastify) => {
    await fastify.register(fastifyMultipart);
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/properties/:id/verifications/documents',
      {
        bodyLimit: DOCUMENT_JSON_BODY_LIMIT,
        config: { auth: { capability: 'properties.verify' }, rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Send a document (deed or property-tax bill) that shows the property is yours',
          description:
            'Send multipart/form-data: the field `kind`, then the part `file`, a PDF, JPEG or PNG (checked by its content as it arrives, at most 15 MB: 413 ' +
            'PAYLOAD_TOO_LARGE past it), kept encrypted. Whether a document may be sent now is checked before a byte of the file is read. At most 2 ' +
            'uploads per account at once (429 UPLOADS_IN_FLIGHT with Retry-After). JSON `{ kind, data }` with data in base64 is taken for a small scan (the body at most 1 MB). ' +
            `A Super Admin reviews it: approved, the property is verified for the account (PropertyVerified, method document); rejected, the reason shows here and another may be sent. ` +
            `One under review at a time (409 DOCUMENT_UNDER_REVIEW); at most ${DOCUMENT_RULES.maxDocuments} per account and property, ever (409 TOO_MANY_DOCUMENTS).`,
          security: [{ bearer: [] }],
          params: PropertyIdParams,
          requestBodyContent: DOCUMENT_BODY_DOCS,
          response: { 200: okEnvelope(OwnershipVerification), ...errors(400, 401, 404, 409, 413, 429) },
        },
      },
      async (request, reply) => {
        const accountId = callerOf(request).userId;
        const propertyId = request.params.id;
        const meta = requestMeta(request, platform);
        let kind: PropertyDocumentKind;
        let file: CheckedUpload;
        if (request.isMultipart()) {
          await holdUploadSlot(request, reply, accountId, platform.counters);
          const read = await readMultipart(request, {
            fileField: 'file',
            kinds: ['image', 'pdf'],
            maxFiles: 1,
            maxFileBytes: MAX_DOCUMENT_BYTES,
            maxTotalBytes: MAX_DOCUMENT_BYTES,
            fields: async (values) => {
              const fields = parseForm(DocumentForm, values);
              await maySubmitDocument(platform, data, { accountId, propertyId, kind: fields.kind }, meta);
              return fields;
            },
          });
          const sent = read.files[0];
          if (!sent) throw validationFailed('Choose the file to send.', [{ path: 'file', message: 'Choose the file to send.' }]);
          kind = read.fields.kind;
          file = sent;
        } else {
          const body = parseForm(PropertyDocumentBody, request.body ?? {});
          await maySubmitDocument(platform, data, { accountId, propertyId, kind: body.kind }, meta);
          kind = body.kind;
          file = await readUpload(body.data, { kinds: ['image', 'pdf'], maxBytes: MAX_DOCUMENT_BYTES });
        }
        if (!DOCUMENT_TYPES.includes(file.contentType)) {
          const message = 'The file must be a PDF, JPEG or PNG.';
          throw validationFailed(message, [{ path: request.isMultipart() ? 'file.0' : 'data', message }]);
        }
        const view = await submitDocument(platform, data, { accountId, propertyId, kind, file }, meta);
        return reply.send({ success: true as const, data: view, message: 'Your document was sent for review.' });
      },
    );

    listRoute(fastify, platform, {
      url: '/admin/properties/documents',
      auth: REVIEW.auth,
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
        config: REVIEW,
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
        config: REVIEW,
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
        config: REVIEW,
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

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { AnswerClaimBody, ClaimDocumentInput, ClaimIdParams, ClaimView, FileClaimBody, MAX_CLAIM_DOCUMENTS } from '@acpg/contracts/reimbursement';
import { MAX_DOCUMENT_BYTES } from '@acpg/contracts/uploads';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import { callerOf } from '../../../platform/http/caller.ts';
import { validationFailed } from '../../../platform/http/errors.ts';
import type { Platform } from '../../../platform/module.ts';
import { holdUploadSlot, parseForm, readMultipart, type StreamedFile } from '../../../platform/uploads/multipart.ts';
import { answerClaim, fileClaim, mayAnswerClaim, mayFileClaim } from './commands.ts';
import { checkDocuments, type CheckedDocument } from './documents.ts';
import { accountOrClientKey } from '../../../platform/http/client-key.ts';

/**
 * JSON with base64 documents is kept for small scans only (a tight body limit: decoding is in memory); documents of up
 * to 15 MB come as multipart/form-data, read as they stream (`platform/uploads/multipart.ts`).
 */
export const CLAIM_JSON_BODY_LIMIT = 1024 * 1024;
const MAX_CLAIM_UPLOAD_BYTES = MAX_CLAIM_DOCUMENTS * MAX_DOCUMENT_BYTES;

const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 413: ErrorEnvelope, 429: ErrorEnvelope };
const rateLimit = { max: 60, timeWindow: '1 minute', keyGenerator: accountOrClientKey };

const ClaimFieldsForm = FileClaimBody.omit({ documents: true }).extend({
  amount_cents: z.preprocess((value) => (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value), FileClaimBody.shape.amount_cents),
});
const AnswerFieldsForm = AnswerClaimBody.omit({ documents: true });

const documentsPart = z.string().meta({ format: 'binary', description: `A PDF, JPEG, PNG or WebP file of at most 15 MB (checked by its content); the part's filename names it. Up to ${MAX_CLAIM_DOCUMENTS} parts.` });
const FILE_CLAIM_DOCS = {
  'multipart/form-data': ClaimFieldsForm.extend({ documents: z.array(documentsPart).min(1).max(MAX_CLAIM_DOCUMENTS) }).describe(
    'The fields first, then each document in a part `documents` (curl -F claim_id=... -F property_id=... ... -F "documents=@receipt.pdf").',
  ),
  'application/json': FileClaimBody.describe('Documents as base64 in JSON: small scans only (the whole body at most 1 MB).'),
};
const ANSWER_DOCS = {
  'multipart/form-data': AnswerFieldsForm.extend({ documents: z.array(documentsPart).max(MAX_CLAIM_DOCUMENTS).optional() }).describe('The field `message` first, then each document in a part `documents`.'),
  'application/json': AnswerClaimBody.describe('Documents as base64 in JSON: small scans only (the whole body at most 1 MB).'),
};
const UPLOAD_DESCRIPTION =
  'Send multipart/form-data: the fields first, then the documents. Who may upload is checked before a file byte is read. Each file is read as it ' +
  `arrives: 413 PAYLOAD_TOO_LARGE past 15 MB a file (or ${MAX_CLAIM_DOCUMENTS} files), 400 VALIDATION_FAILED for a file that is not a PDF or an image by its ` +
  'content. At most 2 uploads per account at once (and a bound for everyone): 429 UPLOADS_IN_FLIGHT / UPLOADS_BUSY with Retry-After. ' +
  'JSON with base64 `documents` is taken for small scans (the body at most 1 MB, else 413).';


/** The documents of a claim or of an answer to a request for information: each file checked by content and size. */
const CLAIM_DOCUMENTS = {
  fileField: 'documents',
  kinds: ['image', 'pdf'],
  maxFiles: MAX_CLAIM_DOCUMENTS,
  maxFileBytes: MAX_DOCUMENT_BYTES,
  maxTotalBytes: MAX_CLAIM_UPLOAD_BYTES,
} as const;

const named = (file: StreamedFile): CheckedDocument => {
  const name = ClaimDocumentInput.shape.name.safeParse(file.filename.slice(0, 200));
  return { bytes: file.bytes, contentType: file.contentType, extension: file.extension, name: name.success ? name.data : `document.${file.extension}` };
};

/** The JSON body as it was declared (validated here: the route reads JSON or multipart). */
const jsonBody = <T extends z.ZodType>(schema: T, request: FastifyRequest): z.infer<T> => parseForm(schema, request.body ?? {});

/**
 * A multipart upload holds one of the caller's slots while it streams (2 per account, a global bound: 429 past them).
 * A JSON body is read whole by Fastify before the handler, within its 1 MB limit, so it needs none.
 */
const uploadSlot = (platform: Platform, request: FastifyRequest, reply: FastifyReply) => holdUploadSlot(request, reply, callerOf(request).userId, platform.counters);

/** Filing a claim (once per claim_id) and answering a request for more information: the claimant's two steps. */
export const claimantRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    await fastify.register(fastifyMultipart);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/reimbursements/claims',
      {
        bodyLimit: CLAIM_JSON_BODY_LIMIT,
        config: { auth: { capability: 'claims.file' }, rateLimit },
        schema: {
          tags: ['reimbursement'],
          summary: 'File a reimbursement claim for a property the caller verified, with 1 to 5 documents (PDF or image). The same claim_id again answers the same claim',
          description: UPLOAD_DESCRIPTION,
          security: [{ bearer: [] }],
          requestBodyContent: FILE_CLAIM_DOCS,
          response: { 200: okEnvelope(ClaimView), 201: okEnvelope(ClaimView), ...refusals },
        },
      },
      async (request, reply) => {
        const accountId = callerOf(request).userId;
        let fields: z.infer<typeof ClaimFieldsForm>;
        let documents: CheckedDocument[];
        if (request.isMultipart()) {
          await uploadSlot(platform, request, reply);
          const read = await readMultipart(request, {
            ...CLAIM_DOCUMENTS,
            fields: async (values) => {
              const checked = parseForm(ClaimFieldsForm, values);
              await mayFileClaim(platform, checked, accountId);
              return checked;
            },
          });
          if (read.files.length === 0) throw validationFailed('Attach at least one document (a receipt or an invoice).', [{ path: 'documents', message: 'Attach at least one document (a receipt or an invoice).' }]);
          fields = read.fields;
          documents = read.files.map(named);
        } else {
          const { documents: sent, ...rest } = jsonBody(FileClaimBody, request);
          await mayFileClaim(platform, rest, accountId);
          fields = rest;
          documents = await checkDocuments(sent);
        }
        const { view, created } = await fileClaim(platform, fields, documents, accountId, requestMeta(request, platform));
        return reply.code(created ? 201 : 200).send({ success: true as const, data: view, message: created ? 'Claim submitted. We will email you as it is reviewed.' : 'This claim was submitted already.' });
      },
    );

    app.post(
      '/reimbursements/claims/:id/answer',
      {
        bodyLimit: CLAIM_JSON_BODY_LIMIT,
        config: { auth: { capability: 'claims.file' }, rateLimit },
        schema: {
          tags: ['reimbursement'],
          summary: 'Answer a request for more information on your claim, with up to 5 more documents; the claim goes back under review',
          description: UPLOAD_DESCRIPTION,
          security: [{ bearer: [] }],
          params: ClaimIdParams,
          requestBodyContent: ANSWER_DOCS,
          response: { 200: okEnvelope(ClaimView), ...refusals },
        },
      },
      async (request, reply) => {
        const principal = callerOf(request);
        const claimId = request.params.id;
        // The claim is the caller's, waiting for an answer, before a byte of the body is read.
        await mayAnswerClaim(platform, claimId, principal);
        let fields: z.infer<typeof AnswerFieldsForm>;
        let documents: CheckedDocument[];
        if (request.isMultipart()) {
          await uploadSlot(platform, request, reply);
          const read = await readMultipart(request, {
            ...CLAIM_DOCUMENTS,
            fields: (values) => parseForm(AnswerFieldsForm, values),
          });
          fields = read.fields;
          documents = read.files.map(named);
        } else {
          const { documents: sent, ...rest } = jsonBody(AnswerClaimBody, request);
          fields = rest;
          documents = await checkDocuments(sent);
        }
        const view = await answerClaim(platform, claimId, principal, fields, documents, requestMeta(request, platform));
        return { success: true as const, data: view, message: 'Thank you. Your answer was sent and the claim is under review again.' };
      },
    );
  };

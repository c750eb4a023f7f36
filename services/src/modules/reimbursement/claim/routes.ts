import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { AnswerClaimBody, ClaimIdParams, ClaimView, FileClaimBody, MAX_CLAIM_DOCUMENTS } from '@acpg/contracts/reimbursement';
import { ROLES, type Role } from '@acpg/contracts/roles';
import { MAX_DOCUMENT_BYTES } from '@acpg/contracts/uploads';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import { callerOf } from '../../../platform/http/caller.ts';
import type { Platform } from '../../../platform/module.ts';
import { answerClaim, fileClaim } from './commands.ts';

/** Who files claims: every member with the customer menu (DECISIONS.md "Roles"), not Super Admins nor Provider Admins. */
export const CLAIMANT_ROLES: readonly Role[] = ROLES.filter((role) => role !== 'Super Admin' && role !== 'Provider Admin');

/** Five documents of 15 MB each in base64, and the rest of the body. */
const CLAIM_BODY_LIMIT = MAX_CLAIM_DOCUMENTS * (Math.ceil(MAX_DOCUMENT_BYTES / 3) * 4 + 100) + 64 * 1024;

const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 413: ErrorEnvelope, 429: ErrorEnvelope };
const rateLimit = { max: 60, timeWindow: '1 minute', keyGenerator: (request: { principal?: { userId: string } | null; ip: string }) => request.principal?.userId ?? request.ip };

/** Filing a claim (once per claim_id) and answering a request for more information: the claimant's two steps. */
export const claimantRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/reimbursements/claims',
      {
        bodyLimit: CLAIM_BODY_LIMIT,
        config: { auth: { roles: CLAIMANT_ROLES }, rateLimit },
        schema: {
          tags: ['reimbursement'],
          summary: 'File a reimbursement claim for a property the caller verified, with 1 to 5 documents (PDF or image). The same claim_id again answers the same claim',
          security: [{ bearer: [] }],
          body: FileClaimBody,
          response: { 200: okEnvelope(ClaimView), 201: okEnvelope(ClaimView), ...refusals },
        },
      },
      async (request, reply) => {
        const { view, created } = await fileClaim(platform, request.body, callerOf(request).userId, requestMeta(request, platform));
        return reply.code(created ? 201 : 200).send({ success: true as const, data: view, message: created ? 'Claim submitted. We will email you as it is reviewed.' : 'This claim was submitted already.' });
      },
    );

    app.post(
      '/reimbursements/claims/:id/answer',
      {
        bodyLimit: CLAIM_BODY_LIMIT,
        config: { auth: { roles: CLAIMANT_ROLES }, rateLimit },
        schema: {
          tags: ['reimbursement'],
          summary: 'Answer a request for more information on your claim, with up to 5 more documents; the claim goes back under review',
          security: [{ bearer: [] }],
          params: ClaimIdParams,
          body: AnswerClaimBody,
          response: { 200: okEnvelope(ClaimView), ...refusals },
        },
      },
      async (request) => {
        const view = await answerClaim(platform, request.params.id, callerOf(request), request.body, requestMeta(request, platform));
        return { success: true as const, data: view, message: 'Thank you. Your answer was sent and the claim is under review again.' };
      },
    );
  };

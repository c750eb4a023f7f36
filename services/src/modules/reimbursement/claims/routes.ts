import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@acpg/contracts/http';
import { ClaimDocumentParams, ClaimHistory, ClaimIdParams, ClaimView, MyClaimsQuery } from '@acpg/contracts/reimbursement';
import { entityByIdRoute, entityHistoryRoute } from '../../../platform/entities/entity-routes.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { callerOf } from '../../../platform/http/caller.ts';
import { listRoute, OWN_LIST_REFUSALS } from '../../../platform/http/list-route.ts';
import { providerAdminOf, providerScopeFilter, withinScope } from '../../../platform/local-copies/provider-members.ts';
import type { Platform } from '../../../platform/module.ts';
import { accessibleClaim } from '../claim/access.ts';
import { claims } from './entity.ts';
import { summaryOf } from './history.ts';
import { CLAIMS_COLLECTION, toClaimView } from './view.ts';

const CLAIMS_LIST = { auth: { capability: 'claims.list' } } as const;
const OWN_RECORD = { auth: { capability: 'records.own' } } as const;
const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope };

/** A file name safe in a header: the plain form keeps letters, digits, dots, dashes and spaces; `filename*` keeps the rest. */
const contentDisposition = (name: string) => `attachment; filename="${name.replace(/[^A-Za-z0-9._ -]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** The claimant's list, one claim's page (view, audit trail) and its documents (the claimant or a Super Admin). */
export const claimRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    listRoute(fastify, platform, {
      url: '/reimbursements/claims',
      auth: CLAIMS_LIST.auth,
      tags: ['reimbursement'],
      summary: "The caller's reimbursement claims, filtered by status, server paging and sorting (a Provider Admin's: their provider's users' claims)",
      querystring: MyClaimsQuery,
      item: ClaimView,
      refusals: OWN_LIST_REFUSALS,
      collection: CLAIMS_COLLECTION,
      thenBy: ['submitted_at'],
      // The spec's Provider Admin sees their provider's users' claims on /property-reimbursement (reimbursement's copy of
      // provider members, read now: a user removed from the provider drops out at once).
      filter: async (query, caller) => {
        const status = query.status ? { status: query.status } : {};
        if (!providerAdminOf(caller)) return { account_id: caller.userId, ...status };
        return withinScope(status, await providerScopeFilter(platform, 'reimbursement', caller));
      },
      toItem: toClaimView,
      ownWrites: claims.projection,
    });

    const one = { tags: ['reimbursement'], params: ClaimIdParams, refusals };
    entityByIdRoute(fastify, platform, claims, { ...one, url: '/reimbursements/claims/:id', summary: 'One reimbursement claim (the claimant, Super Admins and Admins, or a Provider Admin of the claimant’s provider); live twin: reimbursement-claim.updated in room reimbursement-claim:<id>' });
    entityHistoryRoute(fastify, platform, claims, {
      ...one,
      url: '/reimbursements/claims/:id/history',
      summary: "The claim's audit trail from its event stream: what, who and when (the claimant, Super Admins and Admins, or a Provider Admin of the claimant’s provider)",
      history: ClaimHistory,
      summaryOf,
    });

    app.get(
      '/reimbursements/claims/:id/documents/:docId',
      {
        config: OWN_RECORD,
        schema: {
          tags: ['reimbursement'],
          summary: 'One document of the claim, decrypted, as it was uploaded (the claimant, Super Admins and Admins, or a Provider Admin of the claimant’s provider)',
          description: 'Answers the file with its content type (checked from its content at upload). Refusals are JSON: 401; 404 CLAIM_NOT_FOUND (none, or not yours: the same answer) or DOCUMENT_NOT_FOUND.',
          security: [{ bearer: [] }],
          params: ClaimDocumentParams,
        },
      },
      async (request, reply) => {
        const claim = await accessibleClaim(platform, request.params.id, callerOf(request));
        const document = claim.documents.find((d) => d.doc_id === request.params.docId);
        const file = document ? await platform.files.get(document.file_key) : null;
        if (!document || !file) throw new AppError(404, 'DOCUMENT_NOT_FOUND', 'This document is not on the claim.');
        return reply
          .type(document.content_type)
          .header('content-disposition', contentDisposition(document.name))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(file.bytes);
      },
    );
  };

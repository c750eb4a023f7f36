import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { AdminClaimsQuery, ApproveClaimBody, ClaimIdParams, ClaimView, PayoutBody, RejectClaimBody, RequestInfoBody } from '@acpg/contracts/reimbursement';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import { daysFilter, searchFilter } from '../../../platform/documents/list-filters.ts';
import { customerSearchFilter } from '../../../platform/local-copies/account-contacts.ts';
import type { Filter } from '../../../platform/documents/port.ts';
import { callerOf } from '../../../platform/http/caller.ts';
import { listRoute, ROLE_LIST_REFUSALS } from '../../../platform/http/list-route.ts';
import type { Platform } from '../../../platform/module.ts';
import { accessibleClaim, claimView, runClaimCommand } from '../claim/access.ts';
import type { ApproveClaim, ClaimCommand, FiledClaim, RejectClaim } from '../claim/decider.ts';
import { approveWithinLimit, rejectAndRelease } from '../ledger/claims.ts';
import { CLAIMS_COLLECTION, toClaimView } from './view.ts';

const REVIEW = { auth: { capability: 'claims.review' } } as const;
const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };


/** The admin list's filters as a documents filter (submitted_at is an ISO time: days compare as text). */
export const adminClaimsFilter = async (platform: Platform, q: AdminClaimsQuery): Promise<Filter> => ({
  ...(await customerSearchFilter(platform, 'reimbursement', q.q, { ownText: searchFilter(q.q) })),
  ...(q.status ? { status: q.status } : {}),
  ...(q.county ? { county: q.county } : {}),
  ...(q.account_id ? { account_id: q.account_id } : {}),
  ...daysFilter('submitted_at', q),
  ...(q.min_amount_cents !== undefined || q.max_amount_cents !== undefined
    ? { amount_cents: { ...(q.min_amount_cents !== undefined ? { $gte: q.min_amount_cents } : {}), ...(q.max_amount_cents !== undefined ? { $lte: q.max_amount_cents } : {}) } }
    : {}),
});

type Steps = Exclude<ClaimCommand['type'], 'FileClaim' | 'ProvideInfo' | 'MarkPaid'>;

/** Super Admins' list of every claim and the review steps: review, request-info, approve, reject, payout. */
export const adminClaimRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    listRoute(fastify, platform, {
      url: '/admin/reimbursements/claims',
      auth: REVIEW.auth,
      tags: ['reimbursement'],
      summary: 'Every reimbursement claim (Super Admin): filters (status, submitted from/to, amount min/max, county, account, search by claimant name or email, number or address), server paging and sorting',
      querystring: AdminClaimsQuery,
      item: ClaimView,
      refusals: ROLE_LIST_REFUSALS,
      collection: CLAIMS_COLLECTION,
      thenBy: ['submitted_at'],
      filter: (q) => adminClaimsFilter(platform, q),
      toItem: toClaimView,
    });

    const step = <Body extends z.ZodType>(
      path: string,
      summary: string,
      body: Body | null,
      command: (body: z.infer<Body>) => { type: Steps; data: object },
      done: string,
      /** How the command runs when it also moves the claim's hold of its year's limit (the coverage ledger). */
      run?: (claim: FiledClaim, command: ClaimCommand) => Promise<void>,
    ) =>
      app.post(
        `/admin/reimbursements/claims/:id/${path}`,
        { config: REVIEW, schema: { tags: ['reimbursement'], summary, security: [{ bearer: [] }], params: ClaimIdParams, ...(body ? { body } : {}), response: { 200: okEnvelope(ClaimView), ...refusals } } },
        async (request) => {
          const claim = await accessibleClaim(platform, request.params.id, callerOf(request));
          const { type, data } = command(request.body as z.infer<Body>);
          const claimCommand = { type, data, metadata: requestMeta(request, platform) } as ClaimCommand;
          if (run) await run(claim, claimCommand);
          else await runClaimCommand(platform, request.params.id, claimCommand);
          return { success: true as const, data: await claimView(platform, request.params.id), message: done };
        },
      );
    step('review', 'Start reviewing a submitted claim (Super Admin; no body)', null, () => ({ type: 'StartReview', data: {} }), 'Review started. The claimant was told.');
    step('request-info', 'Ask the claimant for more information (Super Admin, while under review)', RequestInfoBody, (b) => ({ type: 'RequestInfo', data: b }), 'The claimant was asked for more information.');
    step(
      'approve',
      "Approve a claim under review, at most the amount claimed and what is left of its membership year's limit (Super Admin; approvals racing for one year are decided one after the other)",
      ApproveClaimBody,
      (b) => ({ type: 'ApproveClaim', data: b }),
      'Claim approved. Pay it out next.',
      (claim, c) => approveWithinLimit(platform, claim, c as ApproveClaim),
    );
    step(
      'reject',
      "Reject a claim under review, with the reason (Super Admin); what it held of its membership year's limit is given back",
      RejectClaimBody,
      (b) => ({ type: 'RejectClaim', data: b }),
      'Claim rejected. The claimant was told why.',
      (claim, c) => rejectAndRelease(platform, claim, c as RejectClaim),
    );
    step('payout', 'Pay an approved claim out by ACH or check (Super Admin); recorded by the payments module, then the claim is paid', PayoutBody, (b) => ({ type: 'RequestPayout', data: b }), 'Payout asked for. The claim shows paid once it is recorded.');
  };

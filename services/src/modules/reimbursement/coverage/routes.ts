import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { ClaimCoverage, ClaimIdParams } from '@acpg/contracts/reimbursement';
import { callerOf } from '../../../platform/http/caller.ts';
import type { Platform } from '../../../platform/module.ts';
import { accessibleClaim } from '../claim/access.ts';
import { membershipById, membershipsOf, coverageView } from './read.ts';
import { runningMembership } from './rules.ts';

const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope };

/** What a member's plan covers and what is left this year; and, for a Super Admin, the coverage a claim is filed under. */
export const coverageRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/reimbursements/coverage',
      {
        config: { auth: { capability: 'claims.file' } },
        schema: {
          tags: ['reimbursement'],
          summary: "The caller's coverage today: the running membership and its plan's terms, what was approved this membership year, what open claims ask for and what is left",
          security: [{ bearer: [] }],
          response: { 200: okEnvelope(ClaimCoverage), ...refusals },
        },
      },
      async (request) => {
        const accountId = callerOf(request).userId;
        const now = platform.clock();
        const membership = runningMembership(await membershipsOf(platform, accountId));
        return { success: true as const, data: await coverageView(platform, accountId, membership, now.toISOString().slice(0, 10), now) };
      },
    );

    app.get(
      '/admin/reimbursements/claims/:id/coverage',
      {
        config: { auth: { capability: 'claims.review' } },
        schema: {
          tags: ['reimbursement'],
          summary: "The coverage a claim is filed under (Super Admin): the claimant's membership, plan, start, trial and terms, the year of its expense's use (the claim itself not counted), and the flags noted when it was filed",
          security: [{ bearer: [] }],
          params: ClaimIdParams,
          response: { 200: okEnvelope(ClaimCoverage), ...refusals },
        },
      },
      async (request) => {
        const claim = (await accessibleClaim(platform, request.params.id, callerOf(request))).submitted;
        const membership = claim.membership_id ? await membershipById(platform, claim.membership_id) : runningMembership(await membershipsOf(platform, claim.account_id));
        const data = await coverageView(platform, claim.account_id, membership, claim.expense_date, platform.clock(), {
          except: claim.claim_id,
          propertyId: claim.property.property_id,
          flags: claim.review_flags ?? [],
        });
        return { success: true as const, data };
      },
    );
  };

import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { PayoutDestination } from '@acpg/contracts/payout-details';
import { ClaimIdParams } from '@acpg/contracts/reimbursement';
import { callerOf } from '../../../platform/http/caller.ts';
import type { Platform } from '../../../platform/module.ts';
import { accessibleClaim } from '../claim/access.ts';
import { payoutDestinationOf } from './destination.ts';

const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope };
const masked = 'Masked: a bank account shows only its last 4 digits. `details` is null when the member has none on file (a Super Admin then records the payout by hand).';

/** Where a claim's payout goes: the member's own payout details on My Account, as this module's copy holds them. */
export const payoutDestinationRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/reimbursements/payout-destination',
      {
        config: { auth: { capability: 'claims.file' } },
        schema: {
          tags: ['reimbursement'],
          summary: "Where the caller's approved claims are paid: direct deposit or a check mailed to their address (edited on My Account, PUT /account/payout-details)",
          description: masked,
          security: [{ bearer: [] }],
          response: { 200: okEnvelope(PayoutDestination), ...refusals },
        },
      },
      async (request) => ({ success: true as const, data: await payoutDestinationOf(platform, callerOf(request).userId) }),
    );

    app.get(
      '/admin/reimbursements/claims/:id/payout-destination',
      {
        config: { auth: { capability: 'claims.review' } },
        schema: {
          tags: ['reimbursement'],
          summary: "Where a claim's payout goes (Super Admin): the claimant's payout details, shown in the payout dialog",
          description: masked,
          security: [{ bearer: [] }],
          params: ClaimIdParams,
          response: { 200: okEnvelope(PayoutDestination), ...refusals },
        },
      },
      async (request) => {
        const claim = (await accessibleClaim(platform, request.params.id, callerOf(request))).submitted;
        return { success: true as const, data: await payoutDestinationOf(platform, claim.account_id) };
      },
    );
  };

import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EnrolForMemberBody, EnrolmentView } from '@acpg/contracts/equity';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { MemberParams, MemberProperty } from '@acpg/contracts/on-behalf';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import { callerOf } from '../../../platform/http/caller.ts';
import { accountOrClientKey } from '../../../platform/http/client-key.ts';
import type { Platform } from '../../../platform/module.ts';
import { providerOfMember } from '../../../platform/local-copies/provider-members.ts';
import { enrolForMember, memberProperties } from '../enrolment/for-member.ts';

const ACT_FOR = { auth: { capability: 'provider-users.act-for' } } as const;
const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

/** A Provider Admin acting for one of its provider's users: their verified properties, and protecting one of them. */
export const memberRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/equity/members/:account_id/properties',
      {
        config: ACT_FOR,
        schema: {
          tags: ['equity'],
          summary: "A provider user's verified properties (a Provider Admin, for its provider's users; anyone else's id: 404 PROVIDER_USER_NOT_FOUND)",
          security: [{ bearer: [] }],
          params: MemberParams,
          response: { 200: okEnvelope(z.array(MemberProperty)), ...refusals },
        },
      },
      async (request) => {
        await providerOfMember(platform, 'equity', callerOf(request), request.params.account_id);
        return { success: true as const, data: await memberProperties(platform, request.params.account_id) };
      },
    );

    app.post(
      '/equity/members/:account_id/enrollments',
      {
        config: { ...ACT_FOR, rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: accountOrClientKey } },
        schema: {
          tags: ['equity'],
          summary: "Protect a provider user's verified property for them (a Provider Admin): the enrollment is the user's; the provider pays (pay it with equity_enrollment_id) or the user is asked to",
          description:
            'Refused with nothing written: a user who is not one of the caller\'s provider\'s users now (never one, removed, another ' +
            'provider\'s) answers 404 PROVIDER_USER_NOT_FOUND as an unknown id; a property not verified for the user 400 ' +
            'PROPERTY_NOT_VERIFIED; a property protected already or waiting for its payment 409 ALREADY_ENROLLED. The same request ' +
            'again (same payer, still awaiting payment) answers the enrollment (200). `payer: user` emails the user to pay.',
          security: [{ bearer: [] }],
          params: MemberParams,
          body: EnrolForMemberBody,
          response: { 200: okEnvelope(EnrolmentView), 201: okEnvelope(EnrolmentView), ...refusals, 429: ErrorEnvelope },
        },
      },
      async (request, reply) => {
        const { property_id, payer } = request.body;
        const { view, created } = await enrolForMember(platform, callerOf(request), { accountId: request.params.account_id, propertyId: property_id, payer }, requestMeta(request, platform));
        const message =
          view.status === 'active'
            ? 'The property is protected: the user’s plan includes it.'
            : payer === 'provider'
              ? 'Almost there: pay to start protecting the user’s property.'
              : 'The user was asked to pay to start protecting their property.';
        return reply.code(created ? 201 : 200).send({ success: true as const, data: view, message });
      },
    );
  };

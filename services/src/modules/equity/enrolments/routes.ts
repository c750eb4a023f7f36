import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EnrolBody, EnrolmentIdParams, EnrolmentsQuery, EnrolmentView } from '@acpg/contracts/equity';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import { entityByIdRoute } from '../../../platform/entities/entity-routes.ts';
import { callerOf } from '../../../platform/http/caller.ts';
import { listRoute, OWN_LIST_REFUSALS, ROLE_LIST_REFUSALS } from '../../../platform/http/list-route.ts';
import type { Platform } from '../../../platform/module.ts';
import { actableEnrolment, enrol, enrolmentView, runEnrolmentCommand } from '../enrolment/commands.ts';
import { enrolments } from './entity.ts';
import { adminScope, enrolmentsFilter, withMemberSearch } from './filters.ts';
import { ENROLMENTS_COLLECTION, toEnrolmentView } from './view.ts';
import { accountOrClientKey } from '../../../platform/http/client-key.ts';

const ENROLL = { auth: { capability: 'equity.enroll' } } as const;
const OWN_RECORD = { auth: { capability: 'records.own' } } as const;
const OVERSEE = { auth: { capability: 'equity.oversee' } } as const;
const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

/** Enrolling a property, the member's and admins' lists of enrolments, one enrolment, and cancelling it. */
export const enrolmentRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/equity/enrollments',
      {
        config: { ...ENROLL, rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: accountOrClientKey } },
        schema: {
          tags: ['equity'],
          summary: 'Protect one of your verified properties: active at once when your plan includes it, else awaiting payment (pay with equity_enrollment_id)',
          description:
            'Equity Protect needs the sign-up steps before the wizard\'s plan step (a verified property, face and signature, mailing ' +
            'address): an account that signed up for less (an NHD order) is refused with 409 SIGN_UP_STEPS_MISSING and `missing_steps` ' +
            '(in the wizard\'s order), and nothing is enrolled; `PUT /sign-up/intent` with `equity_protect` then asks them.',
          security: [{ bearer: [] }],
          body: EnrolBody,
          response: { 200: okEnvelope(EnrolmentView), 201: okEnvelope(EnrolmentView), 400: ErrorEnvelope, 401: ErrorEnvelope, 409: ErrorEnvelope, 429: ErrorEnvelope },
        },
      },
      async (request, reply) => {
        const principal = callerOf(request);
        const { view, created } = await enrol(platform, request.body.property_id, principal.userId, requestMeta(request, platform));
        const message = !created
          ? view.status === 'active'
            ? 'This property is protected already.'
            : 'This property’s protection is waiting for its payment.'
          : view.status === 'active'
            ? 'Your property is protected.'
            : 'Almost there: pay to start protecting your property.';
        return reply.code(created ? 201 : 200).send({ success: true as const, data: view, message });
      },
    );

    const list = { tags: ['equity'], querystring: EnrolmentsQuery, item: EnrolmentView, collection: ENROLMENTS_COLLECTION, thenBy: ['requested_at'], toItem: toEnrolmentView };
    listRoute(fastify, platform, {
      ...list,
      url: '/equity/enrollments/mine',
      auth: ENROLL.auth,
      summary: "The caller's protected properties: search, filters (status, county, enrolled from/to), server paging and sorting",
      refusals: OWN_LIST_REFUSALS,
      filter: (query, caller) => ({ ...enrolmentsFilter(query), account_id: caller.userId }),
      ownWrites: enrolments.projection,
    });
    listRoute(fastify, platform, {
      ...list,
      url: '/admin/equity/enrollments',
      auth: OVERSEE.auth,
      summary: "Every enrollment (Super Admin; a Provider Admin's provider's users): search (also by the member's name or email), filters, server paging and sorting",
      refusals: ROLE_LIST_REFUSALS,
      filter: async (query, caller) => {
        return adminScope(platform, caller, await withMemberSearch(platform, enrolmentsFilter(query), query.q));
      },
    });

    entityByIdRoute(fastify, platform, enrolments, { url: '/equity/enrollments/:id', tags: ['equity'], summary: 'One enrollment (the owner, Super Admins and Admins, or a Provider Admin of the owner’s provider)', params: EnrolmentIdParams, refusals });

    app.post(
      '/equity/enrollments/:id/cancel',
      {
        config: OWN_RECORD,
        schema: { tags: ['equity'], summary: 'Stop protecting the property (the owner or a Super Admin); enrolling again restarts it', security: [{ bearer: [] }], params: EnrolmentIdParams, response: { 200: okEnvelope(EnrolmentView), ...refusals } },
      },
      async (request) => {
        const principal = callerOf(request);
        await actableEnrolment(platform, request.params.id, principal);
        const reason = principal.roles.includes('Super Admin') ? 'Canceled by a Super Admin' : principal.roles.includes('Admin') ? 'Canceled by an Admin' : 'Canceled by the member';
        await runEnrolmentCommand(platform, request.params.id, { type: 'CancelProtection', data: { reason }, metadata: requestMeta(request, platform) });
        return { success: true as const, data: await enrolmentView(platform, request.params.id), message: 'Protection stopped. No new alerts will be raised for this property.' };
      },
    );
  };

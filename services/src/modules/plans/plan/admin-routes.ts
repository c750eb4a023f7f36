import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope, okEnvelope, pageOf } from '@acpg/contracts/http';
import { AdminPlan, AdminPlanListQuery, CreatePlanBody, DefinePlanBody, Plan, PlanDefined, PlanId, planFromDefined } from '@acpg/contracts/plans';
import { handleCommand, loadStream } from '../../../platform/commands/handle-command.ts';
import { findPage } from '../../../platform/documents/paged.ts';
import type { Filter } from '../../../platform/documents/port.ts';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import { AppError } from '../../../platform/http/errors.ts';
import type { Platform } from '../../../platform/module.ts';
import { documentAtVersion, documentsOnceAny } from '../../../platform/projections/caught-up.ts';
import { planDecider, planStream } from './decider.ts';
import { PLANS_COLLECTION, toAdminPlan } from './projection.ts';

const SUPER_ADMIN = { auth: { capability: 'plans.manage' } } as const;
const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };
const PlanParams = z.object({ id: PlanId });

const definedFrom = (id: string, body: DefinePlanBody): PlanDefined => ({
  plan_id: id,
  name: body.name,
  is_default: body.is_default,
  is_active: body.is_active,
  amount_cents: body.amount,
  setup_fees_cents: body.additional_charges['setup fees'],
  recording_fees_cents: body.additional_charges.recording_fees,
  trial_months: body.trial_period.month,
  ...(body.coverage ? { coverage: body.coverage } : {}),
});

/** The list's sort fields as the read model's documents name them. */
const SORT_FIELD = { name: 'name', amount: 'amount_cents', id: 'plan_id' } as const;

const listFilter = (query: AdminPlanListQuery): Filter => {
  const filter: Filter = {};
  if (query.name) filter.name = query.name;
  if (query.status) filter.is_active = query.status === 'active';
  if (query.kind) filter.is_default = query.kind === 'default';
  return filter;
};

/**
 * Every plan's latest definition, from the read model `plans`: it holds every plan this process defined (`define`
 * waits for it, bounded, after each write) and, once it has any, the seed's.
 */
const latestPlans = async (platform: Platform): Promise<PlanDefined[]> =>
  (await documentsOnceAny(platform.documents, PLANS_COLLECTION)).flatMap((doc) => {
    const plan = PlanDefined.safeParse(doc);
    return plan.success ? [plan.data] : [];
  });

/** Per name, one active default plan (sold at sign-up) and one active renewal plan: the plan transform reads one of each. */
const refuseSecondActive = (next: PlanDefined, plans: readonly PlanDefined[]) => {
  if (!next.is_active) return;
  const other = plans.find((p) => p.plan_id !== next.plan_id && p.is_active && p.name === next.name && p.is_default === next.is_default);
  if (!other) return;
  const kind = next.is_default ? 'default' : 'renewal';
  throw new AppError(409, 'PLAN_CONFLICT', `${next.name} already has an active ${kind} plan (${other.plan_id}). Deactivate it first.`);
};

export const adminPlanRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    /**
     * "One active plan per name and kind" spans streams, so its check and the append run one at a time: two
     * activations at once must not both see no other active plan. (This serializes one API process; the plans admin
     * is a Super Admin's rare action.)
     */
    let defining: Promise<unknown> = Promise.resolve();
    const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
      const next = defining.then(work, work);
      defining = next.catch(() => undefined);
      return next;
    };

    const define = (request: Parameters<typeof requestMeta>[0], data: PlanDefined, options: { newStream?: boolean } = {}) =>
      oneAtATime(async () => {
        const command = { type: 'DefinePlan' as const, data, metadata: requestMeta(request, platform) };
        // The plan's own rules (it keeps its name) first: a refused rename must not be answered with a conflict.
        if (!options.newStream) planDecider.decide(command, (await loadStream(platform.eventStore, planStream(data.plan_id), planDecider)).state);
        refuseSecondActive(data, await latestPlans(platform));
        const { state, version } = await handleCommand(
          platform.eventStore,
          planStream(data.plan_id),
          planDecider,
          command,
          options.newStream ? { newStream: true, existsMessage: `A plan with the id ${data.plan_id} exists already. Choose another id, or edit that plan.` } : {},
        );
        // The next check, and the lists, read the read model: they see this write once it holds the version written.
        await documentAtVersion(platform.documents, PLANS_COLLECTION, data.plan_id, version);
        return { success: true as const, data: planFromDefined(state.plan ?? data) };
      });

    app.get(
      '/admin/plans',
      {
        config: SUPER_ADMIN,
        schema: {
          tags: ['plans'],
          summary: 'Every plan, active or not, filtered, sorted and paged',
          security: [{ bearer: [] }],
          querystring: AdminPlanListQuery,
          response: { 200: okEnvelope(pageOf(AdminPlan)), ...refusals },
        },
      },
      async (request) => {
        const query = request.query;
        const page = await findPage(platform.documents, PLANS_COLLECTION, { ...query, sort: SORT_FIELD[query.sort] }, { filter: listFilter(query), thenBy: ['plan_id'], toItem: toAdminPlan });
        return { success: true as const, data: page };
      },
    );

    app.post(
      '/admin/plans',
      {
        config: SUPER_ADMIN,
        schema: {
          tags: ['plans'],
          summary: 'Create a plan under a new id (409 when the id is taken)',
          security: [{ bearer: [] }],
          body: CreatePlanBody,
          response: { 200: okEnvelope(Plan), ...refusals },
        },
      },
      async (request) => {
        const { id, ...body } = request.body;
        return { ...(await define(request, definedFrom(id, body), { newStream: true })), message: 'Plan created.' };
      },
    );

    for (const [action, active] of [
      ['activate', true],
      ['deactivate', false],
    ] as const) {
      app.post(
        `/admin/plans/:id/${action}`,
        {
          config: SUPER_ADMIN,
          schema: {
            tags: ['plans'],
            summary: active ? 'Offer a plan again (one active default and one active renewal plan per name)' : 'Stop offering a plan (members on it keep it until their next renewal)',
            security: [{ bearer: [] }],
            params: PlanParams,
            response: { 200: okEnvelope(Plan), ...refusals },
          },
        },
        async (request) => {
          const { state } = await loadStream(platform.eventStore, planStream(request.params.id), planDecider);
          if (!state.plan) throw new AppError(404, 'PLAN_NOT_FOUND', `There is no plan ${request.params.id}.`);
          return { ...(await define(request, { ...state.plan, is_active: active })), message: active ? 'Plan activated.' : 'Plan deactivated.' };
        },
      );
    }

    app.put(
      '/admin/plans/:id',
      {
        config: SUPER_ADMIN,
        schema: {
          tags: ['plans'],
          summary: 'Create or change a plan (prices and fees in cents, trial months, coverage terms); a new price applies to new checkouts and next renewals only; coverage left out keeps the plan\'s terms',
          security: [{ bearer: [] }],
          params: PlanParams,
          body: DefinePlanBody,
          response: { 200: okEnvelope(Plan), ...refusals },
        },
      },
      async (request) => ({ ...(await define(request, definedFrom(request.params.id, request.body))), message: 'Plan saved.' }),
    );
  };

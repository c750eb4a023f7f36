import { PLAN_UPDATED_MESSAGE, PlanDefined, planFromDefined, type AdminPlan, type Plan } from '@acpg/contracts/plans';
import type { Doc } from '../../../platform/documents/port.ts';
import { defineProjection, type ProjectionPush } from '../../../platform/projections/define.ts';
import { toPlanEvent, type PlanEvent } from './decider.ts';

export const PLANS_COLLECTION = 'plans';

/** Read model `plans`: one document per plan, its latest definition. */
export const plansProjection = defineProjection({
  name: 'plans.plans',
  collection: PLANS_COLLECTION,
  handles: ['PlanDefined'],
  fromStored: (stored) => (stored.stream.startsWith('plans-plan-') ? toPlanEvent(stored) : null),
  documentId: (event) => event.data.plan_id,
  evolve: (_doc, event) => {
    switch (event.type) {
      case 'PlanDefined':
        return { _id: event.data.plan_id, ...event.data };
      default: {
        const unexpected: never = event.type;
        throw new Error(`Unknown plan event ${String(unexpected)}`);
      }
    }
  },
  push: (applied, realtime) => pushPlans(applied, realtime),
});

/** A plan document as the API shows it (null for a document the contract no longer reads). */
export const toPlan = (doc: Doc): Plan | null => {
  const parsed = PlanDefined.safeParse(doc);
  return parsed.success ? planFromDefined(parsed.data) : null;
};

/** Monthly before Yearly; per name the default (sold at sign-up) before its renewal plan; then by id. */
export const planOrder = (a: Plan, b: Plan): number =>
  a.name.localeCompare(b.name) || Number(b.is_default) - Number(a.is_default) || a.id.localeCompare(b.id);

/** A plan document as the admin list shows it, with the version and position it reflects (live merging). */
export const toAdminPlan = (doc: Doc): AdminPlan => {
  const plan = toPlan(doc);
  if (!plan) throw new Error(`plan document ${String(doc._id)} is not a plan`);
  return { ...plan, version: Number(doc._version ?? 0), position: Number(doc._position ?? 0) };
};

/** After the write: the changed plan to every Super Admin watching the plans list. */
const pushPlans: ProjectionPush<PlanEvent> = (applied, realtime) => {
  for (const { doc } of applied) if (doc) realtime.toRole('Super Admin', PLAN_UPDATED_MESSAGE, toAdminPlan(doc));
};

import { PlanDefined, planFromDefined, type Plan } from '@acpg/contracts/plans';
import type { Doc } from '../../../platform/documents/port.ts';
import { defineProjection } from '../../../platform/projections/define.ts';
import { toPlanEvent } from './decider.ts';

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
});

/** A plan document as the API shows it (null for a document the contract no longer reads). */
export const toPlan = (doc: Doc): Plan | null => {
  const parsed = PlanDefined.safeParse(doc);
  return parsed.success ? planFromDefined(parsed.data) : null;
};

/** Monthly before Yearly; per name the default (sold at sign-up) before its renewal plan; then by id. */
export const planOrder = (a: Plan, b: Plan): number =>
  a.name.localeCompare(b.name) || Number(b.is_default) - Number(a.is_default) || a.id.localeCompare(b.id);

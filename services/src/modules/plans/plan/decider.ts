import { PlanDefined, type PlanDefined as PlanDefinedData } from '@acpg/contracts/plans';
import type { Command, Decider } from '../../../platform/commands/handle-command.ts';
import type { StoredEvent } from '../../../platform/event-store/port.ts';
import { invalid, validationFailed } from '../../../platform/commands/domain-error.ts';

/** One plan, one stream. */
export const planStream = (planId: string) => `plans-plan-${planId}`;

export type PlanDefinedEvent = { type: 'PlanDefined'; data: PlanDefinedData };
export type PlanEvent = PlanDefinedEvent;

/** Creates the plan or changes its prices, fees, trial or flags (the whole plan, as it is from now on). */
export type DefinePlan = Command<'DefinePlan', PlanDefinedData>;
export type PlanCommand = DefinePlan;

export type PlanState = { plan: PlanDefinedData | null };
export const initialPlanState = (): PlanState => ({ plan: null });

export const evolvePlan = (state: PlanState, event: PlanEvent): PlanState => {
  switch (event.type) {
    case 'PlanDefined':
      return { plan: event.data };
    default: {
      const unexpected: never = event.type;
      throw new Error(`Unknown plan event ${String(unexpected)}`);
    }
  }
};

const same = (a: PlanDefinedData, b: PlanDefinedData) =>
  (Object.keys({ ...a, ...b }) as (keyof PlanDefinedData)[]).every((key) => (key === 'coverage' ? JSON.stringify(a.coverage) === JSON.stringify(b.coverage) : a[key] === b[key]));

export const decidePlan = (command: PlanCommand, state: PlanState): PlanEvent[] => {
  switch (command.type) {
    case 'DefinePlan': {
      const current = state.plan;
      // Coverage terms left out keep the plan's (a price change never resets what the plan covers).
      const next = command.data.coverage === undefined && current?.coverage ? { ...command.data, coverage: current.coverage } : command.data;
      if (current && current.plan_id !== next.plan_id) throw invalid('This stream belongs to another plan.');
      // A plan keeps its name: members of a Monthly plan never find themselves on a Yearly one.
      if (current && current.name !== next.name) {
        const message = `A ${current.name} plan stays ${current.name}; define a new plan instead.`;
        throw validationFailed(message, [{ path: 'name', message }]);
      }
      if (current && same(current, next)) return [];
      return [{ type: 'PlanDefined', data: next }];
    }
    default: {
      const unexpected: never = command.type;
      throw new Error(`Unknown plan command ${String(unexpected)}`);
    }
  }
};

/** Reads a stored event back as a plan event (null for other types or a shape the contract does not know). */
export const toPlanEvent = (event: StoredEvent): PlanEvent | null => {
  if (event.type !== 'PlanDefined') return null;
  const data = PlanDefined.safeParse(event.data);
  return data.success ? { type: 'PlanDefined', data: data.data } : null;
};

export const planDecider: Decider<PlanCommand, PlanEvent, PlanState> = {
  initialState: initialPlanState,
  evolve: evolvePlan,
  decide: decidePlan,
  fromStored: toPlanEvent,
};


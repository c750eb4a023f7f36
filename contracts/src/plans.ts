import { z } from 'zod';
import { DEFAULT_PLAN_COVERAGE, PlanCoverage } from './coverage.ts';
import { listQuery } from './http.ts';
import { PLAN_SORT_FIELDS } from './sort-fields.ts';

export { PLAN_SORT_FIELDS };

/** Membership plans (spec section 3, "Plan data"; DECISIONS.md "Plans"). Money is integer cents (US dollars). */
export const PLAN_NAMES = ['Monthly', 'Yearly'] as const;
export const PlanName = z.enum(PLAN_NAMES);
export type PlanName = z.infer<typeof PlanName>;

/** Length of one term of each plan, in months. */
export const PLAN_TERM_MONTHS: Record<PlanName, number> = { Monthly: 1, Yearly: 12 };

/** Most a plan's amount or fee may be, cents: $999,999.99, the most a card gateway (Stripe) charges at once. */
export const MAX_PLAN_CENTS = 99_999_999;
const Cents = z.number().int().nonnegative().max(MAX_PLAN_CENTS, 'An amount is at most 99,999,999 cents ($999,999.99)');

/**
 * One plan of `GET /api/v1/plans` (public). Per name, the default plan (`is_default: true`) is the one sold at sign-up
 * (its amount is the first term's price, its fees and trial apply); the non-default plan of the same name gives the
 * renewal amount (spec section 3).
 */
export const Plan = z.object({
  id: z.string(),
  name: PlanName,
  is_default: z.boolean(),
  is_active: z.boolean(),
  /** Price of one term, cents. */
  amount: Cents,
  /** One-time charges at sign-up, cents. The key 'setup fees' (with a space) is the spec's. */
  additional_charges: z.object({ recording_fees: Cents, 'setup fees': Cents }),
  /** Free months before the first term is charged (0: none). */
  trial_period: z.object({ month: z.number().int().nonnegative().max(24) }),
  /**
   * What the plan covers (waiting period, covered kinds of expense, limits per claim and per year). Always answered;
   * in `PUT /admin/plans/:id` optional: left out, the plan keeps its terms.
   */
  coverage: PlanCoverage.optional(),
});
export type Plan = z.infer<typeof Plan>;

/** `data` of `GET /api/v1/plans` (in the envelope `{ success: true, data }`): every plan, default and renewal, Monthly and Yearly. */
export const PlansResponse = z.object({ plans: z.array(Plan) });
export type PlansResponse = z.infer<typeof PlansResponse>;

/**
 * What a checkout of this (default) plan charges today, in cents: the setup and recording fees, plus the first term's
 * amount when the plan has no trial (with a trial, the first term is charged when the trial ends).
 * The server charges exactly this; the web shows it as "Due today".
 */
export const amountDue = (plan: Pick<Plan, 'amount' | 'additional_charges' | 'trial_period'>): number =>
  plan.additional_charges.recording_fees + plan.additional_charges['setup fees'] + (plan.trial_period.month > 0 ? 0 : plan.amount);

/** `months` calendar months after `at` (UTC), on the same day of the month when it exists, else the month's last day. */
const addMonths = (at: Date, months: number): Date => {
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth() + months;
  const day = Math.min(at.getUTCDate(), new Date(Date.UTC(year, month + 1, 0)).getUTCDate());
  return new Date(Date.UTC(year, month, day, at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds(), at.getUTCMilliseconds()));
};

/**
 * A plan name's price for every term after the first (what renewals and a switch to it charge): its active renewal
 * (non-default) plan, else its active default plan; null when the name is not sold.
 */
export const renewalAmountOf = (plans: readonly Plan[], name: PlanName): number | null => {
  const active = plans.filter((p) => p.name === name && p.is_active);
  return (active.find((p) => !p.is_default) ?? active.find((p) => p.is_default))?.amount ?? null;
};

/**
 * What buying this (default) plan at `now` means, in the words a buyer needs before paying: the amount due today, the
 * date and amount of the next charge (the first term when a trial ends, else the second term), and every later term's
 * price. The server charges exactly `due_today_cents` (see `amountDue`); memberships dates terms the same way.
 */
export interface PlanTerms {
  term: 'month' | 'year';
  due_today_cents: number;
  /** The first term is in the amount due today (no trial). */
  first_term_today: boolean;
  next_charge_at: Date;
  next_charge_cents: number;
  renewal_cents: number;
}
export const planTermsOf = (plan: Pick<Plan, 'name' | 'amount' | 'additional_charges' | 'trial_period'>, renewalCents: number | null, now: Date): PlanTerms => {
  const months = PLAN_TERM_MONTHS[plan.name];
  const trial = plan.trial_period.month;
  const renewal = renewalCents ?? plan.amount;
  return {
    term: plan.name === 'Yearly' ? 'year' : 'month',
    due_today_cents: amountDue(plan),
    first_term_today: trial === 0,
    next_charge_at: addMonths(now, trial > 0 ? trial : months),
    next_charge_cents: trial > 0 ? plan.amount : renewal,
    renewal_cents: renewal,
  };
};

/** What each one-time fee pays for, said wherever it is charged (plan choice, payment, receipt). */
export const FEE_EXPLANATIONS = {
  setup: 'One-time, charged today only: it covers opening your membership and checking your property.',
  recording: "One-time, charged today only: it covers recording your membership with your property's records.",
} as const;

// ---- Events other modules read (stream `plans-plan-<plan id>`) ----

/** Data of `PlanDefined`: a plan's full state, written when it is created or changed (the last one wins). */
export const PlanDefined = z.object({
  plan_id: z.string().min(1),
  name: PlanName,
  is_default: z.boolean(),
  is_active: z.boolean(),
  amount_cents: Cents,
  setup_fees_cents: Cents,
  recording_fees_cents: Cents,
  trial_months: z.number().int().nonnegative().max(24),
  /** Coverage terms; absent on plans defined before plans carried them (`coverageOfPlan` answers the defaults). */
  coverage: PlanCoverage.optional(),
});
export type PlanDefined = z.infer<typeof PlanDefined>;

/** The plan's coverage terms (the defaults for a plan defined before plans carried terms). */
export const coverageOfPlan = (d: Pick<PlanDefined, 'coverage'>): PlanCoverage => d.coverage ?? DEFAULT_PLAN_COVERAGE;

/** The API shape of a plan from its event data. */
export const planFromDefined = (d: PlanDefined): Plan => ({
  id: d.plan_id,
  name: d.name,
  is_default: d.is_default,
  is_active: d.is_active,
  amount: d.amount_cents,
  additional_charges: { recording_fees: d.recording_fees_cents, 'setup fees': d.setup_fees_cents },
  trial_period: { month: d.trial_months },
  coverage: coverageOfPlan(d),
});

/**
 * Body of `PUT /api/v1/admin/plans/:id` (Super Admin): creates the plan or changes it (the whole plan). Per name,
 * at most one active default plan and one active renewal plan; a plan keeps its name.
 */
export const DefinePlanBody = Plan.omit({ id: true });
export type DefinePlanBody = z.infer<typeof DefinePlanBody>;
/** A plan id in a path: lower-case letters, digits and hyphens. */
export const PlanId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'A plan id is lower-case letters, digits and hyphens (at most 63)');

// ---- Plans admin (`/plans`, Super Admin; issue 8, item 4) ----

/** `POST /api/v1/admin/plans` (Super Admin): a new plan under a new id (409 when the id is taken). */
export const CreatePlanBody = DefinePlanBody.extend({ id: PlanId });
export type CreatePlanBody = z.infer<typeof CreatePlanBody>;

/** One row of `GET /api/v1/admin/plans`: every plan, active or not, with the version and position it reflects. */
export const AdminPlan = Plan.extend({
  version: z.number().int().nonnegative(),
  position: z.number().int().nonnegative(),
});
export type AdminPlan = z.infer<typeof AdminPlan>;

export const AdminPlanListQuery = listQuery({
  sortFields: PLAN_SORT_FIELDS,
  defaultSort: 'name',
  defaultOrder: 'asc',
  filters: {
    name: PlanName.optional(),
    status: z.enum(['active', 'inactive'], { error: 'status must be active or inactive' }).optional(),
    /** `default`: sold at sign-up and checkout; `renewal`: the renewal price of its name. */
    kind: z.enum(['default', 'renewal'], { error: 'kind must be default or renewal' }).optional(),
  },
});
export type AdminPlanListQuery = z.infer<typeof AdminPlanListQuery>;

/** socket.io message to Super Admins after a plan changed (an `AdminPlan`). */
export const PLAN_UPDATED_MESSAGE = 'plan.updated';

/** A contract event as a copy's fold reads it. */
interface PlanEvent {
  type: string;
  data: unknown;
  occurredAt: string;
}

/** Another module's copy of a plan: every definition in the order the plans module wrote them, each with its time. */
export interface PlanHistory {
  definitions: { at: string; plan: PlanDefined }[];
}

export const PLAN_HISTORY_EVENTS = ['PlanDefined'] as const;

/** The plan's history after `event` (a `PlanDefined` adds the definition in force from its time on). */
export const nextPlanHistory = (history: PlanHistory | null, event: PlanEvent): PlanHistory | null => {
  const defined = event.type === 'PlanDefined' ? PlanDefined.safeParse(event.data) : null;
  if (!defined?.success) return history;
  return { definitions: [...(history?.definitions ?? []), { at: event.occurredAt, plan: defined.data }] };
};

/** The plan as last defined. */
export const latestPlanOf = (history: PlanHistory): PlanDefined | null => history.definitions.at(-1)?.plan ?? null;

/** The definition in force at `at` (the last one at or before it; the first one if all are later). */
export const planAsOfIn = (history: PlanHistory, at: string): PlanDefined | null => {
  let found: PlanDefined | null = null;
  for (const definition of history.definitions) {
    if (found && definition.at > at) break;
    found = definition.plan;
  }
  return found;
};

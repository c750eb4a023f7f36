import type { TestApp } from './harness.ts';

/** The seeded Monthly plan as `GET /plans` shows it (spec shape): 19.95 a month after a month's trial, with 15.00 recording and 49.00 setup fees; what it covers. */
export const SEEDED_MONTHLY_PLAN = {
  id: 'monthly',
  name: 'Monthly',
  is_default: true,
  is_active: true,
  amount: 1995,
  additional_charges: { recording_fees: 1500, 'setup fees': 4900 },
  trial_period: { month: 1 },
  coverage: { waiting_period_days: 30, covered_categories: ['hazard_damage_repair', 'inspection', 'emergency_repairs'], per_claim_limit_cents: 250_000, annual_limit_cents: 500_000 },
};

/** A plan as `PUT /admin/plans/:id` and `POST /admin/plans` take it: an inactive Monthly plan at 10.00 with no fees or trial; `over` changes any field. */
export const planBody = (over: Record<string, unknown> = {}) => ({
  name: 'Monthly',
  is_default: false,
  is_active: false,
  amount: 1_000,
  additional_charges: { recording_fees: 0, 'setup fees': 0 },
  trial_period: { month: 0 },
  ...over,
});

/** A call to `/api/v1<url>` as `role`'s synthetic user (`TestApp.signInAs(role)`), or without a token for `null`. */
export const planAdminCall = async (t: Pick<TestApp, 'app' | 'signInAs'>, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, role: 'Super Admin' | 'Customer' | null = 'Super Admin') =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(body === undefined ? {} : { payload: body as object }),
    headers: role ? { authorization: `Bearer ${await t.signInAs(role)}` } : {},
  });

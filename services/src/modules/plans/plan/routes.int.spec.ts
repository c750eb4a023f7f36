import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_COVERAGE } from '@acpg/contracts/coverage';
import { pageOf } from '@acpg/contracts/http';
import { AdminPlan, PlansResponse } from '@acpg/contracts/plans';
import { useTestApp } from '../../../../test/harness.ts';
import { planAdminCall, planBody, SEEDED_MONTHLY_PLAN } from '../../../../test/plans.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { seedPlans } from './seed.ts';

const AdminPlanPage = pageOf(AdminPlan);

describe('GET /api/v1/plans', () => {
  const t = useTestApp();

  const plans = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/plans' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    return PlansResponse.parse(body.data).plans;
  };

  it('answers the seeded plans to anyone, in the spec shape, Monthly before Yearly and default before renewal', async () => {
    const list = await plans();
    expect(list.map((p) => [p.id, p.name, p.is_default])).toEqual([
      ['monthly', 'Monthly', true],
      ['monthly-renewal', 'Monthly', false],
      ['yearly', 'Yearly', true],
      ['yearly-renewal', 'Yearly', false],
    ]);
    expect(list[0]).toEqual(SEEDED_MONTHLY_PLAN);
  });

  it('seeds each plan once however often the seed runs, and serves the same list from the read model', async () => {
    await seedPlans(t.platform);
    await seedPlans(t.platform);
    const events = await t.platform.eventStore.readAll({ after: 0, limit: 100, types: ['PlanDefined'] });
    expect(events).toHaveLength(4);
    await waitFor(async () => (await t.platform.documents.count('plans')) === 4, { what: 'the plans projected' });
    expect((await plans()).map((p) => p.id)).toEqual(['monthly', 'monthly-renewal', 'yearly', 'yearly-renewal']);
  });
});

describe('PUT /api/v1/admin/plans/:id', () => {
  const t = useTestApp();

  const put = async (id: string, body: unknown, role: 'Super Admin' | 'Customer' | null = 'Super Admin') => planAdminCall(t, 'PUT', `/admin/plans/${id}`, body, role);
  const monthly = planBody({ is_default: true, is_active: true, amount: 1795, additional_charges: { recording_fees: 1500, 'setup fees': 2900 }, trial_period: { month: 2 } });
  const listed = async () => PlansResponse.parse((await t.app.inject({ method: 'GET', url: '/api/v1/plans' })).json().data).plans;

  it('changes a price for everyone who reads the plans, recording it once however often it is saved', async () => {
    const saved = await put('monthly', monthly);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ id: 'monthly', ...monthly, coverage: SEEDED_MONTHLY_PLAN.coverage }); // a price change keeps the terms
    expect((await put('monthly', monthly)).statusCode).toBe(200);
    expect(await t.platform.eventStore.readStream('plans-plan-monthly')).toHaveLength(2); // the seed, then the change
    await waitFor(async () => (await listed()).find((p) => p.id === 'monthly')?.amount === 1795, { what: 'the new price listed' });
  });

  it('adds a plan, and refuses a second active default or renewal plan of a name until the first is deactivated', async () => {
    const second = await put('monthly-2027', { ...monthly, amount: 1695 });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'PLAN_CONFLICT', message: 'Monthly already has an active default plan (monthly). Deactivate it first.' });
    const renewal = await put('monthly-renewal-2', { ...monthly, is_default: false });
    expect(renewal.json()).toMatchObject({ code: 'PLAN_CONFLICT' });
    expect((await put('monthly-2027', { ...monthly, is_active: false })).statusCode).toBe(200);
    expect(await t.platform.eventStore.readStream('plans-plan-monthly-2027')).toHaveLength(1);
    expect(await t.platform.eventStore.readStream('plans-plan-monthly-renewal-2')).toHaveLength(0);
  });

  it('refuses to rename a plan, bad input, and anyone but a Super Admin, changing nothing', async () => {
    const before = await t.platform.eventStore.readStream('plans-plan-yearly');
    const renamed = await put('yearly', { ...monthly, name: 'Monthly', is_active: false });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'A Yearly plan stays Yearly; define a new plan instead.', errors: [{ path: 'name' }] });
    for (const [id, body] of [
      ['yearly', { ...monthly, name: 'Weekly' }],
      ['yearly', { ...monthly, amount: 19.99 }],
      ['yearly', { ...monthly, amount: -1 }],
      ['yearly', { ...monthly, amount: Number.MAX_SAFE_INTEGER }],
      ['yearly', { ...monthly, additional_charges: { recording_fees: 1e12, 'setup fees': 1e12 } }],
      ['yearly', { ...monthly, trial_period: { month: 99 } }],
      ['Yearly Plan', monthly],
    ] as const) {
      const response = await put(id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await put('yearly', monthly, 'Customer')).statusCode).toBe(403);
    expect((await put('yearly', monthly, null)).statusCode).toBe(401);
    expect(await t.platform.eventStore.readStream('plans-plan-yearly')).toEqual(before);
  });
});

describe('plans admin: GET /admin/plans, POST /admin/plans, activate, deactivate', () => {
  const t = useTestApp();

  const call = async (method: 'GET' | 'POST', url: string, body?: unknown, role: 'Super Admin' | 'Customer' | null = 'Super Admin') => planAdminCall(t, method, url, body, role);
  const yearly = planBody({ name: 'Yearly', is_default: true, amount: 17_900, additional_charges: { recording_fees: 1500, 'setup fees': 0 } });
  const ids = async (query: string) => {
    const response = await call('GET', `/admin/plans${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return AdminPlanPage.parse(response.json().data);
  };

  it('lists every plan, inactive ones too, paged and filtered, and creates one under a new id only', async () => {
    const created = await call('POST', '/admin/plans', { id: 'yearly-2027', ...yearly });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toEqual({ id: 'yearly-2027', ...yearly, coverage: DEFAULT_PLAN_COVERAGE }); // no terms given: the defaults
    const again = await call('POST', '/admin/plans', { id: 'yearly-2027', ...yearly, amount: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A plan with the id yearly-2027 exists already. Choose another id, or edit that plan.');
    await waitFor(async () => (await ids('?page_size=100')).total === 5, { what: 'five plans listed' });
    const inactive = await ids('?status=inactive');
    expect(inactive.items.map((p) => p.id)).toEqual(['yearly-2027']);
    expect(inactive.items[0]).toMatchObject({ amount: 17_900, is_active: false, version: 1 });
    const page = await ids('?page=2&page_size=2&sort=amount&order=asc');
    expect(page).toMatchObject({ total: 5, page: 2, page_size: 2 });
    expect(page.items.map((p) => p.id)).toEqual(['yearly-2027', 'yearly']); // 19.95, 24.95 | 179, 199 | 239
    expect((await ids('?name=Monthly&kind=renewal')).items.map((p) => p.id)).toEqual(['monthly-renewal']);
    expect((await call('GET', '/admin/plans?status=gone')).statusCode).toBe(400);
  });

  it('activates a plan only after the other active plan of its kind is deactivated', async () => {
    const refused = await call('POST', '/admin/plans/yearly-2027/activate');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PLAN_CONFLICT', message: 'Yearly already has an active default plan (yearly). Deactivate it first.' });
    const off = await call('POST', '/admin/plans/yearly/deactivate');
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ id: 'yearly', is_active: false, amount: 19_900 });
    const on = await call('POST', '/admin/plans/yearly-2027/activate');
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({ is_active: true });
    await waitFor(async () => (await ids('?status=active&name=Yearly&kind=default')).items.map((p) => p.id).join() === 'yearly-2027', { what: 'the new active plan' });
    expect((await call('POST', '/admin/plans/nope/activate')).statusCode).toBe(404);
  });

  it('shows a change in the very next read, with no wait: the admin list and the public plans', async () => {
    expect((await call('POST', '/admin/plans/monthly-renewal/deactivate')).statusCode).toBe(200);
    expect((await ids('?status=inactive&name=Monthly')).items.map((p) => p.id)).toEqual(['monthly-renewal']);
    const listed = PlansResponse.parse((await t.app.inject({ method: 'GET', url: '/api/v1/plans' })).json().data).plans;
    expect(listed.find((p) => p.id === 'monthly-renewal')?.is_active).toBe(false);
    expect((await call('POST', '/admin/plans/monthly-renewal/activate')).statusCode).toBe(200);
    expect((await ids('?status=inactive&name=Monthly')).items).toEqual([]);
  });

  it('answers 403 to a customer and 401 to a visitor, changing nothing', async () => {
    const before = await t.platform.eventStore.readAll({ after: 0, limit: 1000, types: ['PlanDefined'] });
    for (const [role, status] of [
      ['Customer', 403],
      [null, 401],
    ] as const) {
      expect((await call('GET', '/admin/plans', undefined, role)).statusCode).toBe(status);
      expect((await call('POST', '/admin/plans', { id: 'x-plan', ...yearly }, role)).statusCode).toBe(status);
      expect((await call('POST', '/admin/plans/monthly/deactivate', undefined, role)).statusCode).toBe(status);
      expect((await call('POST', '/admin/plans/monthly/activate', undefined, role)).statusCode).toBe(status);
    }
    expect(await t.platform.eventStore.readAll({ after: 0, limit: 1000, types: ['PlanDefined'] })).toEqual(before);
  });
});

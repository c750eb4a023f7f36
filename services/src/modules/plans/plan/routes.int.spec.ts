import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlansResponse } from '@acpg/contracts/plans';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { seedPlans } from './seed.ts';

describe('GET /api/v1/plans', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

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
    expect(list[0]).toEqual({
      id: 'monthly',
      name: 'Monthly',
      is_default: true,
      is_active: true,
      amount: 1995,
      additional_charges: { recording_fees: 1500, 'setup fees': 4900 },
      trial_period: { month: 1 },
    });
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

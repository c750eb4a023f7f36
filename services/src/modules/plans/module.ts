import { AdminPlan, PLAN_UPDATED_MESSAGE } from '@acpg/contracts/plans';
import { liveMessage } from '../../platform/realtime/messages.ts';
import type { Module } from '../../platform/module.ts';
import { adminPlanRoutes } from './plan/admin-routes.ts';
import { plansProjection } from './plan/projection.ts';
import { planRoutes } from './plan/routes.ts';
import { seedPlans } from './plan/seed.ts';

/** Membership plans as data (Monthly and Yearly, default and renewal prices, fees, trial months), seeded; Super Admins change them. */
export const plansModule: Module = {
  name: 'plans',
  partitions: 1, // a few price changes a year
  eventTypes: ['PlanDefined'],
  routes: (platform) => async (app) => {
    await app.register(planRoutes(platform));
    await app.register(adminPlanRoutes(platform));
  },
  projections: [plansProjection],
  pushes: [liveMessage({ name: PLAN_UPDATED_MESSAGE, summary: 'A plan was defined or changed (the admin plans list)', payload: AdminPlan, rooms: ['role:Super Admin'] })],
  seed: seedPlans,
};

import { OVERSEER_ROLES } from '@acpg/contracts/role-permissions';
import { INTERACTION_RECORDED_MESSAGE, Interaction } from '@acpg/contracts/insights';
import { liveMessage } from '../../platform/realtime/messages.ts';
import type { Module } from '../../platform/module.ts';
import { USER_INTERACTION_RECORDED } from '@acpg/contracts/insights';
import { interactionsProjection } from './interactions/projection.ts';
import { interactionQueryRoutes } from './interactions/routes.ts';
import { recordInteractionRoutes } from './record-interaction.ts';
import { ACCOUNT_CONTACT_EVENTS } from '@acpg/contracts/identity';
import { accountContactsCopy } from '../../platform/local-copies/account-contacts.ts';
import { PROVIDER_MEMBER_EVENTS } from '@acpg/contracts/provider-users';
import { providerMembersCopy, PROVIDER_ROOM } from '../../platform/local-copies/provider-members.ts';
import { DASHBOARD_CHANGED_MESSAGE, DashboardChanged } from '@acpg/contracts/dashboard';
import { DASHBOARD_COPIES, DASHBOARD_EVENTS } from './dashboard/copies.ts';
import { dashboardRoutes } from './dashboard/routes.ts';

/** User-interaction tracking: the public recording endpoint, the Super Admin dashboard and its live feed. */
export const insightsModule: Module = {
  name: 'insights',
  partitions: 12, // the busiest topic: every stored interaction
  eventTypes: [USER_INTERACTION_RECORDED],
  routes: (platform) => async (app) => {
    await app.register(recordInteractionRoutes(platform));
    await app.register(interactionQueryRoutes(platform));
    await app.register(dashboardRoutes(platform));
  },
  // The dashboard (dashboard/): a copy per module of its contract events, and which accounts are which provider's users.
  projections: [interactionsProjection, accountContactsCopy('insights'), ...DASHBOARD_COPIES, providerMembersCopy('insights')],
  consumes: [...new Set([...ACCOUNT_CONTACT_EVENTS, ...DASHBOARD_EVENTS, ...PROVIDER_MEMBER_EVENTS])],
  pushes: [
    liveMessage({ name: INTERACTION_RECORDED_MESSAGE, summary: 'A user interaction was recorded (the admin dashboard)', payload: Interaction, rooms: OVERSEER_ROLES.map((role) => `role:${role}`) }),
    liveMessage({
      name: DASHBOARD_CHANGED_MESSAGE,
      summary: 'A dashboard tile changed (the dashboard reads its tiles again): to the overseers and to the owner’s providers',
      payload: DashboardChanged,
      rooms: [...OVERSEER_ROLES.map((role) => `role:${role}`), `${PROVIDER_ROOM}:{id}`],
    }),
  ],
};

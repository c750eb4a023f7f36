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

/** User-interaction tracking: the public recording endpoint, the Super Admin dashboard and its live feed. */
export const insightsModule: Module = {
  name: 'insights',
  partitions: 12, // the busiest topic: every stored interaction
  eventTypes: [USER_INTERACTION_RECORDED],
  routes: (platform) => async (app) => {
    await app.register(recordInteractionRoutes(platform));
    await app.register(interactionQueryRoutes(platform));
  },
  projections: [interactionsProjection, accountContactsCopy('insights')],
  consumes: [...ACCOUNT_CONTACT_EVENTS],
  pushes: [liveMessage({ name: INTERACTION_RECORDED_MESSAGE, summary: 'A user interaction was recorded (the admin dashboard)', payload: Interaction, rooms: OVERSEER_ROLES.map((role) => `role:${role}`) })],
};

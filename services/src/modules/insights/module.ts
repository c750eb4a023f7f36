import type { Module } from '../../platform/module.ts';
import { interactionsProjection } from './interactions/projection.ts';
import { interactionQueryRoutes } from './interactions/routes.ts';
import { recordInteractionRoutes } from './record-interaction.ts';

/** User-interaction tracking: the public recording endpoint, the Super Admin dashboard and its live feed. */
export const insightsModule: Module = {
  name: 'insights',
  routes: (platform) => async (app) => {
    await app.register(recordInteractionRoutes(platform));
    await app.register(interactionQueryRoutes(platform));
  },
  projections: [interactionsProjection],
};

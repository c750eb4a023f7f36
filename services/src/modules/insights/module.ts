import { INTERACTION_RECORDED_MESSAGE, USER_INTERACTION_RECORDED } from '@acpg/contracts/insights';
import type { Doc } from '../../platform/documents/port.ts';
import type { Module } from '../../platform/module.ts';
import { interactionsProjection, toInteraction } from './interactions/projection.ts';
import { interactionQueryRoutes } from './interactions/routes.ts';
import { recordInteractionRoutes } from './record-interaction.ts';

/** User-interaction tracking: the public recording endpoint, the Super Admin dashboard and its live feed. */
export const insightsModule: Module = {
  name: 'insights',
  partitions: 12, // the busiest topic: every stored interaction
  eventTypes: [USER_INTERACTION_RECORDED],
  routes: (platform) => async (app) => {
    await app.register(recordInteractionRoutes(platform));
    await app.register(interactionQueryRoutes(platform));
  },
  projections: [interactionsProjection],
  // Runs after the documents are written, so a dashboard that refetches on the push sees the row.
  afterProjection: (platform, projection, applied) => {
    if (projection.name !== interactionsProjection.name) return;
    for (const { event, doc } of applied) {
      if (event.type !== USER_INTERACTION_RECORDED || !doc) continue;
      platform.realtime.toRole('Super Admin', INTERACTION_RECORDED_MESSAGE, toInteraction(doc as Doc));
    }
  },
};

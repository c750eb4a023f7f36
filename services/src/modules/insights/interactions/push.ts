import { OVERSEER_ROLES } from '@acpg/contracts/role-permissions';
import { INTERACTION_RECORDED_MESSAGE } from '@acpg/contracts/insights';
import type { ProjectionPush } from '../../../platform/projections/define.ts';
import { toInteraction } from './interaction.ts';
import type { InteractionEvent } from './projection.ts';

/**
 * After the rows are written: each new interaction goes to the Super Admins' dashboards, with the version and
 * position it reflects, so a live view that also read the list keeps one copy of it.
 */
export const pushInteractions: ProjectionPush<InteractionEvent> = (applied, realtime) => {
  for (const { doc } of applied) {
    if (doc) for (const role of OVERSEER_ROLES) realtime.toRole(role, INTERACTION_RECORDED_MESSAGE, toInteraction(doc));
  }
};

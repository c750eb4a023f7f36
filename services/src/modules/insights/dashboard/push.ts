import { OVERSEER_ROLES } from '@acpg/contracts/role-permissions';
import { DASHBOARD_CHANGED_MESSAGE, type DashboardChanged, type DashboardTile } from '@acpg/contracts/dashboard';
import type { Applied, PushReader } from '../../../platform/projections/port.ts';
import type { Realtime } from '../../../platform/realtime/port.ts';
import { entityName } from '../../../platform/realtime/rooms.ts';
import { PROVIDER_ROOM, providersOf } from '../../../platform/local-copies/provider-members.ts';

/**
 * After a dashboard copy is written: one `dashboard.changed` per batch to the overseers' dashboards, and to
 * `provider:<id>` of each provider whose users include an owner in the batch (insights' copy of provider members, as it
 * stands). The message names the tile and the position; the dashboard reads its counts again.
 */
export const pushDashboard = async (tile: DashboardTile, applied: readonly Applied[], realtime: Realtime, reader?: PushReader): Promise<void> => {
  if (applied.length === 0) return;
  const newest = applied.reduce((a, b) => (b.event.position > a.event.position ? b : a));
  const message: DashboardChanged = { tile, position: newest.event.position, at: newest.event.occurredAt };
  for (const role of OVERSEER_ROLES) realtime.toRole(role, DASHBOARD_CHANGED_MESSAGE, message);
  if (!reader) return;
  const owners = new Set<string>();
  for (const { doc } of applied) if (doc && typeof doc.account_id === 'string') owners.add(doc.account_id);
  const providers = new Set<string>();
  for (const owner of owners) for (const provider of await providersOf(reader, 'insights', owner)) providers.add(provider);
  for (const provider of providers) realtime.toEntity(entityName(PROVIDER_ROOM, provider), DASHBOARD_CHANGED_MESSAGE, message);
};

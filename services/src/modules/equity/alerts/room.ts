import type { Platform } from '../../../platform/module.ts';
import type { RoomAuthorizer } from '../../../platform/realtime/rooms.ts';
import { loadAlert, mayAccessAlert } from '../alert/commands.ts';

/** Who may follow `equity-alert:<id>` live: the member it was raised for and Super Admins (read from the stream). */
export const mayFollowAlert: RoomAuthorizer<Platform> = async (principal, alertId, platform) => {
  if (!/^[0-9a-f-]{36}$/i.test(alertId)) return false;
  const state = await loadAlert(platform, alertId);
  return state.status !== 'none' && mayAccessAlert(principal, state);
};

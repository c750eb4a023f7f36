import type { AlertView } from '@acpg/contracts/equity-protect';
import type { Principal } from '../../../platform/auth/port.ts';
import { handleCommand, loadStream } from '../../../platform/commands/handle-command.ts';
import { AppError } from '../../../platform/http/errors.ts';
import type { Platform } from '../../../platform/module.ts';
import { alertFromStream } from '../alerts/view.ts';
import { alertDecider, alertStream, type Alert, type AlertCommand, type AlertState } from './decider.ts';

const notFound = () => new AppError(404, 'ALERT_NOT_FOUND', 'This alert was not found.');

export const loadAlert = async (platform: Pick<Platform, 'eventStore'>, alertId: string): Promise<AlertState> => (await loadStream(platform.eventStore, alertStream(alertId), alertDecider)).state;

/** Who may see an alert: the member it was raised for, and Super Admins. */
export const mayAccessAlert = (principal: Pick<Principal, 'userId' | 'roles'>, alert: Alert) => principal.roles.includes('Super Admin') || alert.raised.account_id === principal.userId;

export const accessibleAlert = async (platform: Pick<Platform, 'eventStore'>, alertId: string, principal: Pick<Principal, 'userId' | 'roles'>): Promise<Alert> => {
  const state = await loadAlert(platform, alertId);
  if (state.status === 'none') throw notFound();
  if (!mayAccessAlert(principal, state)) throw new AppError(403, 'ALERT_FORBIDDEN', 'This alert is not yours, so you cannot see or answer it.');
  return state;
};

/** Only the member answers their own alert: a Super Admin sees it but does not speak for them. */
export const ownAlert = async (platform: Pick<Platform, 'eventStore'>, alertId: string, principal: Pick<Principal, 'userId' | 'roles'>): Promise<Alert> => {
  const alert = await accessibleAlert(platform, alertId, principal);
  if (alert.raised.account_id !== principal.userId) throw new AppError(403, 'ALERT_FORBIDDEN', 'Only the member this alert was raised for can answer it.');
  return alert;
};

export const alertView = async (platform: Pick<Platform, 'eventStore'>, alertId: string): Promise<AlertView> => {
  const view = alertFromStream(await platform.eventStore.readStream(alertStream(alertId)));
  if (!view) throw notFound();
  return view;
};

export const runAlertCommand = async (platform: Pick<Platform, 'eventStore'>, alertId: string, command: AlertCommand) =>
  handleCommand(platform.eventStore, alertStream(alertId), alertDecider, command, { retries: 5 });

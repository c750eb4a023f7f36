import type { AlertView } from '@acpg/contracts/equity';
import type { Principal } from '../../../platform/auth/port.ts';
import { handleCommand, loadStream } from '../../../platform/commands/handle-command.ts';
import { ownedThing, seenButNotAllowed, type MembersPlatform } from '../../../platform/http/access.ts';
import type { Platform } from '../../../platform/module.ts';
import { alerts as alertEntity } from '../alerts/entity.ts';
import { alertDecider, alertStream, type Alert, type AlertCommand, type AlertState } from './decider.ts';

/** The member's and Super Admins': anyone else is answered as for an alert that does not exist (`platform/http/access.ts`). */
const alerts = ownedThing<Alert>({ code: 'ALERT', noun: 'alert', ownerOf: (alert) => alert.raised.account_id, providers: 'equity' });

export const loadAlert = async (platform: Pick<Platform, 'eventStore'>, alertId: string): Promise<AlertState> => (await loadStream(platform.eventStore, alertStream(alertId), alertDecider)).state;

/** Who may see an alert: the member it was raised for, and Super Admins (a Provider Admin of the member's provider: `alerts.seen`). */
export const mayAccessAlert = alerts.mayAccess;

/** The alert, or 404 ALERT_NOT_FOUND both when there is none and when the caller may not see it. */
export const accessibleAlert = async (platform: Pick<Platform, 'eventStore'> & MembersPlatform, alertId: string, principal: Pick<Principal, 'userId' | 'roles' | 'providerId'>): Promise<Alert> => {
  const state = await loadAlert(platform, alertId);
  return alerts.seen(platform, principal, state.status === 'none' ? null : state);
};

/**
 * Only the member answers their own alert: a Super Admin sees it but does not speak for them (403: they can read the
 * alert, so the refusal tells them nothing new). Anyone else gets the 404 of `accessibleAlert` first.
 */
export const ownAlert = async (platform: Pick<Platform, 'eventStore'> & MembersPlatform, alertId: string, principal: Pick<Principal, 'userId' | 'roles' | 'providerId'>): Promise<Alert> => {
  const alert = await accessibleAlert(platform, alertId, principal);
  if (alert.raised.account_id !== principal.userId) throw seenButNotAllowed('ALERT_FORBIDDEN', 'Only the member this alert was raised for can answer it.');
  return alert;
};

/** A command's answer: the alert as it stands after the command, with the version it wrote (`Entity.writtenView`). */
export const alertView = (platform: Pick<Platform, 'eventStore'>, alertId: string): Promise<AlertView> => alertEntity.writtenView(platform, alertId);

export const runAlertCommand = async (platform: Pick<Platform, 'eventStore'>, alertId: string, command: AlertCommand) =>
  handleCommand(platform.eventStore, alertStream(alertId), alertDecider, command, { retries: 5 });

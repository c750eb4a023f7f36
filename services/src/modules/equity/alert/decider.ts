import {
  ALERT_EVENT_TYPES,
  CASE_STEPS,
  equityAlertStream,
  type AlertStatus,
  type CaseStep,
  type EquityAlertConfirmed,
  type EquityAlertRaised,
  type EquityCaseStepChecked,
  type EquityFraudCaseClosed,
  type EquityFraudCaseOpened,
} from '@acpg/contracts/equity';
import type { Command, Decider } from '../../../platform/commands/handle-command.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { ownEvents, signedBy } from '../../../platform/commands/own-events.ts';

export const alertStream = equityAlertStream;

export type AlertEvent =
  | { type: 'EquityAlertRaised'; data: EquityAlertRaised }
  | { type: 'EquityAlertConfirmed'; data: EquityAlertConfirmed }
  | { type: 'EquityFraudCaseOpened'; data: EquityFraudCaseOpened }
  | { type: 'EquityCaseStepChecked'; data: EquityCaseStepChecked }
  | { type: 'EquityFraudCaseClosed'; data: EquityFraudCaseClosed };

export type RaiseAlert = Command<'RaiseAlert', Omit<EquityAlertRaised, 'by' | 'at'>>;
/** "This was me". */
export type ConfirmAlert = Command<'ConfirmAlert', Record<string, never>>;
/** "I don't recognize this": opens the fraud case. */
export type ReportAlert = Command<'ReportAlert', { note: string }>;
export type CheckStep = Command<'CheckStep', { step: CaseStep; done: boolean }>;
export type CloseCase = Command<'CloseCase', { resolution: string }>;
export type AlertCommand = RaiseAlert | ConfirmAlert | ReportAlert | CheckStep | CloseCase;

export type Alert = { status: AlertStatus; raised: EquityAlertRaised; steps: Readonly<Record<string, boolean>> };
export type AlertState = { status: 'none' } | Alert;

export const evolveAlert = (state: AlertState, event: AlertEvent): AlertState => {
  if (event.type === 'EquityAlertRaised') return { status: 'new', raised: event.data, steps: {} };
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'EquityAlertConfirmed':
      return { ...state, status: 'confirmed' };
    case 'EquityFraudCaseOpened':
      return { ...state, status: 'disputed', steps: Object.fromEntries(event.data.steps.map((step) => [step, false])) };
    case 'EquityCaseStepChecked':
      return { ...state, steps: { ...state.steps, [event.data.step]: event.data.done } };
    case 'EquityFraudCaseClosed':
      return { ...state, status: 'resolved' };
    default: {
      const never: never = event;
      return never;
    }
  }
};

const refuse = (message: string) => new DomainError('conflict', 'ALERT_TRANSITION_REFUSED', message);
const ANSWERED: Record<Exclude<AlertStatus, 'new'>, string> = {
  confirmed: 'You answered this alert already: you said this was you.',
  disputed: 'You answered this alert already: a fraud case is open.',
  resolved: 'This alert’s fraud case is closed.',
};

export const decideAlert = (command: AlertCommand, state: AlertState): AlertEvent[] => {
  const { by, at } = signedBy(command.metadata);
  if (command.type === 'RaiseAlert') {
    if (state.status !== 'none') return []; // the same recording imported again: one alert
    return [{ type: 'EquityAlertRaised', data: { ...command.data, by, at } }];
  }
  if (state.status === 'none') throw new DomainError('not_found', 'ALERT_NOT_FOUND', 'This alert was not found.');
  const alert_id = state.raised.alert_id;
  switch (command.type) {
    case 'ConfirmAlert':
      if (state.status !== 'new') throw refuse(ANSWERED[state.status]);
      return [{ type: 'EquityAlertConfirmed', data: { alert_id, by, at } }];
    case 'ReportAlert':
      // "This was me" can be taken back: a mis-tap must not silence a possible fraud.
      if (state.status !== 'new' && state.status !== 'confirmed') throw refuse(ANSWERED[state.status]);
      return [{ type: 'EquityFraudCaseOpened', data: { alert_id, note: command.data.note, steps: [...CASE_STEPS], by, at } }];
    case 'CheckStep':
      if (state.status !== 'disputed') throw refuse(state.status === 'resolved' ? ANSWERED.resolved : 'The checklist belongs to an open fraud case.');
      if ((state.steps[command.data.step] ?? false) === command.data.done) return [];
      return [{ type: 'EquityCaseStepChecked', data: { alert_id, step: command.data.step, done: command.data.done, by, at } }];
    case 'CloseCase':
      if (state.status !== 'disputed') throw refuse(state.status === 'resolved' ? ANSWERED.resolved : 'Only an open fraud case can be closed.');
      return [{ type: 'EquityFraudCaseClosed', data: { alert_id, resolution: command.data.resolution, by, at } }];
    default: {
      const never: never = command;
      return never;
    }
  }
};

/** Reads a stored event back (null for other types). */
export const toAlertEvent = ownEvents<AlertEvent>(ALERT_EVENT_TYPES);

export const alertDecider: Decider<AlertCommand, AlertEvent, AlertState> = { initialState: () => ({ status: 'none' }), evolve: evolveAlert, decide: decideAlert, fromStored: toAlertEvent };

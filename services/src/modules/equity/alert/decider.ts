import {
  ALERT_EVENT_TYPES,
  CASE_STEPS,
  equityAlertStream,
  type AlertStatus,
  type CaseOutcome,
  type CaseStep,
  type EquityAlertConfirmed,
  type EquityAlertRaised,
  type EquityCaseAssigned,
  type EquityCaseNoteAdded,
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
  | { type: 'EquityFraudCaseClosed'; data: EquityFraudCaseClosed }
  | { type: 'EquityCaseNoteAdded'; data: EquityCaseNoteAdded }
  | { type: 'EquityCaseAssigned'; data: EquityCaseAssigned };

export type RaiseAlert = Command<'RaiseAlert', Omit<EquityAlertRaised, 'by' | 'at'>>;
/** "This was me". */
export type ConfirmAlert = Command<'ConfirmAlert', Record<string, never>>;
/** "I don't recognize this": opens the fraud case. */
export type ReportAlert = Command<'ReportAlert', { note: string }>;
export type CheckStep = Command<'CheckStep', { step: CaseStep; done: boolean }>;
/** "Resolve case" (a Super Admin): how it ended, chosen and in words. */
export type CloseCase = Command<'CloseCase', { outcome: CaseOutcome; resolution: string }>;
/** A Super Admin's note on an open case (only ever added). */
export type AddCaseNote = Command<'AddCaseNote', { note: string }>;
/** A Super Admin gives an open case to an admin; the route has checked that `owner_id` is a Super Admin. */
export type AssignCase = Command<'AssignCase', { owner_id: string }>;
export type AlertCommand = RaiseAlert | ConfirmAlert | ReportAlert | CheckStep | CloseCase | AddCaseNote | AssignCase;

export type Alert = { status: AlertStatus; raised: EquityAlertRaised; steps: Readonly<Record<string, boolean>>; owner_id: string | null };
export type AlertState = { status: 'none' } | Alert;

export const evolveAlert = (state: AlertState, event: AlertEvent): AlertState => {
  if (event.type === 'EquityAlertRaised') return { status: 'new', raised: event.data, steps: {}, owner_id: null };
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
    case 'EquityCaseNoteAdded':
      return state;
    case 'EquityCaseAssigned':
      return { ...state, owner_id: event.data.owner_id };
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
      if (state.status !== 'disputed') throw refuse(state.status === 'resolved' ? ANSWERED.resolved : 'Only an open fraud case can be resolved.');
      return [{ type: 'EquityFraudCaseClosed', data: { alert_id, outcome: command.data.outcome, resolution: command.data.resolution, by, at } }];
    case 'AddCaseNote':
      if (state.status !== 'disputed') throw refuse(state.status === 'resolved' ? ANSWERED.resolved : 'Notes belong to an open fraud case.');
      return [{ type: 'EquityCaseNoteAdded', data: { alert_id, note: command.data.note, by, at } }];
    case 'AssignCase':
      if (state.status !== 'disputed') throw refuse(state.status === 'resolved' ? ANSWERED.resolved : 'Only an open fraud case is given an owner.');
      if (state.owner_id === command.data.owner_id) return [];
      return [{ type: 'EquityCaseAssigned', data: { alert_id, owner_id: command.data.owner_id, by, at } }];
    default: {
      const never: never = command;
      return never;
    }
  }
};

/** Reads a stored event back (null for other types). */
export const toAlertEvent = ownEvents<AlertEvent>(ALERT_EVENT_TYPES);

export const alertDecider: Decider<AlertCommand, AlertEvent, AlertState> = { initialState: () => ({ status: 'none' }), evolve: evolveAlert, decide: decideAlert, fromStored: toAlertEvent };

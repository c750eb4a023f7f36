import { describe, expect, it } from 'vitest';
import { CASE_STEPS, type EquityAlertRaised } from '@acpg/contracts/equity';
import type { CommandMeta } from '../../../platform/commands/handle-command.ts';
import { domainErrorOf } from '../../../../test/refusal.ts';
import { alertDecider, decideAlert, evolveAlert, type AlertCommand, type AlertEvent, type AlertState } from './decider.ts';

const ID = '1a2b3c4d-5e6f-5a7b-8c9d-0e1f2a3b4c5d';
const meta = (actor = 'acct-1'): CommandMeta => ({ now: new Date('2026-11-27T10:00:00.000Z'), actor, correlationId: 'c', causationId: null, newId: () => 'id' });
const raised: Omit<EquityAlertRaised, 'by' | 'at'> = {
  alert_id: ID,
  enrolment_id: 'e1',
  account_id: 'acct-1',
  property: { property_id: 'p1', address_line: '1 Main St', city: 'San Jose', county: 'Santa Clara', state: 'CA', zip: '95112', apn: '123-45-678' },
  recording: { document_number: '2026-0000001', county: 'Santa Clara', apn: '123-45-678', document_type: 'quitclaim', recorded_at: '2026-11-26', grantor: 'Pat', grantee: 'Lee', amount_cents: null },
  import_id: 'i1',
};

const apply = (state: AlertState, command: Omit<AlertCommand, 'metadata'>, actor?: string) => {
  const events = decideAlert({ ...command, metadata: meta(actor) } as AlertCommand, state);
  return { events, state: events.reduce<AlertState>((s, e) => evolveAlert(s, e), state) };
};
const refused = (state: AlertState, command: Omit<AlertCommand, 'metadata'>) => domainErrorOf(() => apply(state, command));
const fresh = () => apply(alertDecider.initialState(), { type: 'RaiseAlert', data: raised }, 'system').state;
const disputed = () => apply(fresh(), { type: 'ReportAlert', data: { note: 'Not us' } }).state;
const types = (events: readonly AlertEvent[]) => events.map((e) => e.type);

describe('Equity Protect alert decider', () => {
  it('raises an alert once: the same recording again raises nothing', () => {
    const { events, state } = apply(alertDecider.initialState(), { type: 'RaiseAlert', data: raised }, 'system');
    expect(events).toEqual([{ type: 'EquityAlertRaised', data: { ...raised, by: 'system', at: '2026-11-27T10:00:00.000Z' } }]);
    expect(state.status).toBe('new');
    expect(apply(state, { type: 'RaiseAlert', data: raised }).events).toEqual([]);
  });

  it('"this was me" confirms a new alert', () => {
    const { events, state } = apply(fresh(), { type: 'ConfirmAlert', data: {} });
    expect(events).toEqual([{ type: 'EquityAlertConfirmed', data: { alert_id: ID, by: 'acct-1', at: '2026-11-27T10:00:00.000Z' } }]);
    expect(state.status).toBe('confirmed');
  });

  it('"I don’t recognize this" opens a case with every step of the checklist to do', () => {
    const { events, state } = apply(fresh(), { type: 'ReportAlert', data: { note: 'Not us' } });
    expect(events).toEqual([{ type: 'EquityFraudCaseOpened', data: { alert_id: ID, note: 'Not us', steps: [...CASE_STEPS], by: 'acct-1', at: '2026-11-27T10:00:00.000Z' } }]);
    expect(state).toMatchObject({ status: 'disputed', steps: Object.fromEntries(CASE_STEPS.map((s) => [s, false])) });
  });

  it('ticks and unticks a step of an open case; the same value again records nothing', () => {
    const ticked = apply(disputed(), { type: 'CheckStep', data: { step: 'police_report', done: true } });
    expect(types(ticked.events)).toEqual(['EquityCaseStepChecked']);
    expect(ticked.state.status !== 'none' && ticked.state.steps.police_report).toBe(true);
    expect(apply(ticked.state, { type: 'CheckStep', data: { step: 'police_report', done: true } }).events).toEqual([]);
    expect(types(apply(ticked.state, { type: 'CheckStep', data: { step: 'police_report', done: false } }).events)).toEqual(['EquityCaseStepChecked']);
  });

  it('resolves an open case with its outcome and resolution', () => {
    const { events, state } = apply(disputed(), { type: 'CloseCase', data: { outcome: 'fraud_stopped', resolution: 'Voided by the recorder' } }, 'admin-1');
    expect(events).toEqual([{ type: 'EquityFraudCaseClosed', data: { alert_id: ID, outcome: 'fraud_stopped', resolution: 'Voided by the recorder', by: 'admin-1', at: '2026-11-27T10:00:00.000Z' } }]);
    expect(state.status).toBe('resolved');
  });

  it('adds notes to an open case, each with who and when, and gives it an owner once per change', () => {
    const noted = apply(disputed(), { type: 'AddCaseNote', data: { note: 'Called the recorder' } }, 'admin-1');
    expect(noted.events).toEqual([{ type: 'EquityCaseNoteAdded', data: { alert_id: ID, note: 'Called the recorder', by: 'admin-1', at: '2026-11-27T10:00:00.000Z' } }]);
    const owned = apply(noted.state, { type: 'AssignCase', data: { owner_id: 'admin-2' } }, 'admin-1');
    expect(owned.events).toEqual([{ type: 'EquityCaseAssigned', data: { alert_id: ID, owner_id: 'admin-2', by: 'admin-1', at: '2026-11-27T10:00:00.000Z' } }]);
    expect(owned.state).toMatchObject({ status: 'disputed', owner_id: 'admin-2' });
    expect(apply(owned.state, { type: 'AssignCase', data: { owner_id: 'admin-2' } }).events).toEqual([]);
    expect(types(apply(owned.state, { type: 'AssignCase', data: { owner_id: 'admin-3' } }).events)).toEqual(['EquityCaseAssigned']);
    expect(refused(fresh(), { type: 'AddCaseNote', data: { note: 'x' } }).message).toContain('open fraud case');
    expect(refused(fresh(), { type: 'AssignCase', data: { owner_id: 'admin-2' } }).message).toContain('open fraud case');
    const resolved = apply(owned.state, { type: 'CloseCase', data: { outcome: 'not_fraud', resolution: 'Their refinance' } }).state;
    expect(refused(resolved, { type: 'AddCaseNote', data: { note: 'x' } }).message).toContain('closed');
    expect(refused(resolved, { type: 'AssignCase', data: { owner_id: 'admin-3' } }).message).toContain('closed');
  });

  it('refuses answers twice (but lets “this was me” be reported after all), a checklist or closing without an open case, and anything on an unknown alert', () => {
    const confirmed = apply(fresh(), { type: 'ConfirmAlert', data: {} }).state;
    expect(refused(confirmed, { type: 'ConfirmAlert', data: {} }).message).toContain('said this was you');
    // "This was me" taken back: reporting it after all opens the case.
    const changed = apply(confirmed, { type: 'ReportAlert', data: { note: 'I tapped the wrong button' } });
    expect(changed.events.map((e) => e.type)).toEqual(['EquityFraudCaseOpened']);
    expect(changed.state.status).toBe('disputed');
    expect(refused(changed.state, { type: 'ReportAlert', data: { note: '' } }).kind).toBe('conflict');
    expect(refused(disputed(), { type: 'ConfirmAlert', data: {} }).message).toContain('fraud case is open');
    expect(refused(fresh(), { type: 'CheckStep', data: { step: 'police_report', done: true } }).message).toContain('open fraud case');
    expect(refused(fresh(), { type: 'CloseCase', data: { outcome: 'not_fraud', resolution: 'x' } }).message).toContain('open fraud case');
    const resolved = apply(disputed(), { type: 'CloseCase', data: { outcome: 'not_fraud', resolution: 'x' } }).state;
    expect(refused(resolved, { type: 'CloseCase', data: { outcome: 'not_fraud', resolution: 'x' } }).message).toContain('closed');
    expect(refused(resolved, { type: 'CheckStep', data: { step: 'police_report', done: true } }).message).toContain('closed');
    expect(refused(alertDecider.initialState(), { type: 'ConfirmAlert', data: {} }).kind).toBe('not_found');
  });

  it('folds nothing into an alert that was never raised', () => {
    expect(evolveAlert({ status: 'none' }, { type: 'EquityAlertConfirmed', data: { alert_id: ID, by: 'a', at: 't' } })).toEqual({ status: 'none' });
  });
});

import { describe, expect, it } from 'vitest';
import { RetryLater } from '../../../platform/commands/domain-error.ts';
import { metaAt } from '../../../../test/command-meta.ts';
import { accountSendsDecider, smsBudgetDecider, utcDay, type SmsBudgetEvent, type SmsBudgetState } from './decider.ts';

const retryOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    if (error instanceof RetryLater) return { code: error.code, retryAfter: error.retryAfterSeconds };
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('per-account daily code budget', () => {
  it('counts codes of any channel and refuses past the limit until the UTC day ends', () => {
    const count = (state: { sent: number }, iso: string) => accountSendsDecider.decide({ type: 'CountCodeSend', data: { channel: 'phone', limit: 3 }, metadata: metaAt(iso) }, state);
    let state = accountSendsDecider.initialState();
    for (let i = 0; i < 3; i++) state = count(state, '2025-03-01T23:00:00.000Z').reduce(accountSendsDecider.evolve, state);
    expect(retryOf(() => count(state, '2025-03-01T23:00:00.000Z'))).toEqual({ code: 'OTP_DAILY_LIMIT', retryAfter: 3600 });
    expect(utcDay(new Date('2025-03-01T23:59:59.000Z'))).toBe('2025-03-01');
  });
});

describe('global SMS budget', () => {
  const count = (state: SmsBudgetState, iso: string) =>
    smsBudgetDecider.decide({ type: 'CountSmsSend', data: { hourly_limit: 2, daily_limit: 3 }, metadata: metaAt(iso) }, state);
  const after = (state: SmsBudgetState, events: SmsBudgetEvent[]) => events.reduce(smsBudgetDecider.evolve, state);

  it('marks the send that reaches the hourly budget (the alert, once), refuses the next until the hour ends', () => {
    let state = smsBudgetDecider.initialState();
    const first = count(state, '2025-03-01T10:10:00.000Z');
    expect(first.map((e) => e.type)).toEqual(['SmsSendCounted']);
    state = after(state, first);
    const second = count(state, '2025-03-01T10:20:00.000Z');
    expect(second).toEqual([
      { type: 'SmsSendCounted', data: { at: '2025-03-01T10:20:00.000Z' } },
      { type: 'SmsBudgetReached', data: { window: 'hour', limit: 2, at: '2025-03-01T10:20:00.000Z' } },
    ]);
    state = after(state, second);
    expect(retryOf(() => count(state, '2025-03-01T10:30:00.000Z'))).toEqual({ code: 'SMS_BUDGET_EXHAUSTED', retryAfter: 1800 });
    // The next hour has room, until the daily budget is reached; then nothing until tomorrow.
    const third = count(state, '2025-03-01T11:00:00.000Z');
    expect(third.map((e) => e.type)).toEqual(['SmsSendCounted', 'SmsBudgetReached']);
    expect(third[1]).toMatchObject({ data: { window: 'day', limit: 3 } });
    state = after(state, third);
    expect(retryOf(() => count(state, '2025-03-01T12:00:00.000Z'))).toEqual({ code: 'SMS_BUDGET_EXHAUSTED', retryAfter: 12 * 3600 });
  });
});

import type { OtpChannel } from '@acpg/contracts/identity';
import { RetryLater } from '../../../platform/commands/domain-error.ts';
import type { Command, Decider, DomainEvent } from '../../../platform/commands/handle-command.ts';
import { unknownCommand } from '../decider.ts';

/**
 * Two budgets for codes, besides the per-destination limits (otp-destination/): the codes one account (or sign-up, or
 * password reset) may be sent in a UTC day, by email and SMS together; and the text messages the whole platform may
 * send in an hour and in a UTC day (SMS pumping). Each is a stream per UTC day, so none grows beyond a day's sends.
 */
export const accountSendsStream = (accountKey: string, day: string) => `identity-codesends-${accountKey}-${day}`;
export const smsBudgetStream = (day: string) => `identity-smsbudget-${day}`;

/** `2026-11-28` of an instant (UTC). */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);
const secondsToNextDay = (now: Date) => Math.max(1, Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000));
const secondsToNextHour = (now: Date) => Math.max(1, Math.ceil((3_600_000 - (now.getTime() % 3_600_000)) / 1000));

// ---- Per account, per UTC day ----

export type AccountSendsEvent = DomainEvent<'CodeSendCounted', { channel: OtpChannel; at: string }>;
export type AccountSendsCommand = Command<'CountCodeSend', { channel: OtpChannel; limit: number }>;
export type AccountSendsState = { sent: number };

export const accountSendsDecider: Decider<AccountSendsCommand, AccountSendsEvent, AccountSendsState> = {
  initialState: () => ({ sent: 0 }),
  evolve: (state, event) => (event.type === 'CodeSendCounted' ? { sent: state.sent + 1 } : state),
  decide(command, state) {
    switch (command.type) {
      case 'CountCodeSend': {
        const now = command.metadata.now;
        if (state.sent >= command.data.limit) {
          throw new RetryLater('OTP_DAILY_LIMIT', `Too many codes were sent for this account today (${command.data.limit}). Try again tomorrow.`, secondsToNextDay(now));
        }
        return [{ type: 'CodeSendCounted', data: { channel: command.data.channel, at: now.toISOString() } }];
      }
      default:
        return unknownCommand(command.type);
    }
  },
};

// ---- Every SMS, per hour and per UTC day ----

export type SmsBudgetWindow = 'hour' | 'day';
export type SmsBudgetEvent =
  | DomainEvent<'SmsSendCounted', { at: string }>
  /** The send that used up a window's budget: written once per window, the moment for the operator's alert. */
  | DomainEvent<'SmsBudgetReached', { window: SmsBudgetWindow; limit: number; at: string }>;
export type SmsBudgetCommand = Command<'CountSmsSend', { hourly_limit: number; daily_limit: number }>;
/** Sends of the day, and per hour of it (`'00'`..`'23'`). */
export type SmsBudgetState = { day: number; hours: Record<string, number> };

const hourOf = (iso: string) => iso.slice(11, 13);

export const SMS_BUDGET_MESSAGE = 'We cannot send text messages right now. Try again later, or contact us through the Contact Us page.';

export const smsBudgetDecider: Decider<SmsBudgetCommand, SmsBudgetEvent, SmsBudgetState> = {
  initialState: () => ({ day: 0, hours: {} }),
  evolve(state, event) {
    if (event.type !== 'SmsSendCounted') return state;
    const hour = hourOf(event.data.at);
    return { day: state.day + 1, hours: { ...state.hours, [hour]: (state.hours[hour] ?? 0) + 1 } };
  },
  decide(command, state) {
    switch (command.type) {
      case 'CountSmsSend': {
        const now = command.metadata.now;
        const at = now.toISOString();
        const { hourly_limit: hourly, daily_limit: daily } = command.data;
        const inHour = state.hours[hourOf(at)] ?? 0;
        if (state.day >= daily) throw new RetryLater('SMS_BUDGET_EXHAUSTED', SMS_BUDGET_MESSAGE, secondsToNextDay(now));
        if (inHour >= hourly) throw new RetryLater('SMS_BUDGET_EXHAUSTED', SMS_BUDGET_MESSAGE, secondsToNextHour(now));
        const events: SmsBudgetEvent[] = [{ type: 'SmsSendCounted', data: { at } }];
        if (inHour + 1 === hourly) events.push({ type: 'SmsBudgetReached', data: { window: 'hour', limit: hourly, at } });
        if (state.day + 1 === daily) events.push({ type: 'SmsBudgetReached', data: { window: 'day', limit: daily, at } });
        return events;
      }
      default:
        return unknownCommand(command.type);
    }
  },
};

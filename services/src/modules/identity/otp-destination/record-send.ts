import { randomInt } from 'node:crypto';
import { OTP_RULES, type OtpChannel } from '@acpg/contracts/identity';
import { handleCommand, loadStream, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import type { IdentityContext } from '../context.ts';
import { nextSendWait, otpDestinationDecider, otpDestinationStream } from './decider.ts';
import { accountSendsDecider, accountSendsStream, smsBudgetDecider, smsBudgetStream, utcDay } from '../send-budget/decider.ts';
import { assertSmsCountryAllowed } from '../send-budget/phone-country.ts';

/**
 * What a code is for, besides signing in and signing up (which share one count per destination). The resend delay and
 * the hourly cap hold per destination and purpose: someone who resets their password and signs in right away must not
 * be told to wait 60 s for the sign-in code because the reset code just went to the same address.
 */
export type CodePurpose = 'password-reset' | 'contact-change';

/** A keyed digest of the destination (and purpose): the stream id never shows the address or the number. */
export const destinationDigest = (ctx: IdentityContext, channel: OtpChannel, destination: string, purpose?: CodePurpose) =>
  ctx.cipher.hmac('otp-destination', `${purpose ? `${purpose}:` : ''}${channel}:${destination.toLowerCase()}`);

/** A new 6-digit code from the CSPRNG. */
export const newOtpCode = () => randomInt(0, 10 ** OTP_RULES.digits).toString().padStart(OTP_RULES.digits, '0');

/**
 * Counts a send against every limit it is under, and answers the real wait before the next one to this destination:
 * - a phone outside SMS_ALLOWED_COUNTRIES: 400 PHONE_COUNTRY_NOT_ALLOWED (no text to it, whatever its age);
 * - the account's day (`account`: the account, sign-up or reset the code is for): 429 OTP_DAILY_LIMIT;
 * - the destination's resend delay and hourly cap: 429 with `retry_after_seconds`;
 * - for a text, the platform's SMS budget per hour and per day: 429 SMS_BUDGET_EXHAUSTED (the send that reaches it
 *   logs an error, once per window).
 * Every limit is decided first without writing, so a refusal counts nothing (a concurrent send may still be refused by
 * the write, after the counts before it were taken).
 */
export const recordOtpSend = async (
  ctx: IdentityContext,
  send: { channel: OtpChannel; destination: string; challengeId: string; account: string; purpose?: CodePurpose },
  meta: CommandMeta,
): Promise<{ resendAfterSeconds: number }> => {
  const store = ctx.platform.eventStore;
  const config = ctx.platform.config;
  if (send.channel === 'phone') assertSmsCountryAllowed(config.SMS_ALLOWED_COUNTRIES, send.destination);
  const day = utcDay(meta.now);
  const accountStreamId = accountSendsStream(ctx.cipher.hmac('code-sends', send.account), day);
  const accountCommand = { type: 'CountCodeSend' as const, data: { channel: send.channel, limit: OTP_RULES.maxSendsPerAccountPerDay }, metadata: meta };
  const destinationStreamId = otpDestinationStream(destinationDigest(ctx, send.channel, send.destination, send.purpose));
  const destinationCommand = { type: 'RecordOtpSend' as const, data: { channel: send.channel, challenge_id: send.challengeId }, metadata: meta };
  const smsCommand = { type: 'CountSmsSend' as const, data: { hourly_limit: config.SMS_HOURLY_BUDGET, daily_limit: config.SMS_DAILY_BUDGET }, metadata: meta };
  // Decided once without writing, every limit: a refusal by any of them counts nothing anywhere.
  accountSendsDecider.decide(accountCommand, (await loadStream(store, accountStreamId, accountSendsDecider)).state);
  otpDestinationDecider.decide(destinationCommand, (await loadStream(store, destinationStreamId, otpDestinationDecider)).state);
  if (send.channel === 'phone') smsBudgetDecider.decide(smsCommand, (await loadStream(store, smsBudgetStream(day), smsBudgetDecider)).state);

  await handleCommand(store, accountStreamId, accountSendsDecider, accountCommand, { retries: 3 });
  // Two sends racing for one destination: the loser re-reads and gets the wait in words.
  const { state } = await handleCommand(store, destinationStreamId, otpDestinationDecider, destinationCommand, { retries: 2 });
  if (send.channel === 'phone') {
    // One stream for every text of the day: concurrent sends retry on the newer count.
    const { events } = await handleCommand(store, smsBudgetStream(day), smsBudgetDecider, smsCommand, { retries: 10 });
    for (const event of events) {
      if (event.type === 'SmsBudgetReached') {
        ctx.platform.log.error(
          { alert: 'sms-budget', window: event.data.window, limit: event.data.limit },
          `SMS budget reached: ${event.data.limit} text messages this ${event.data.window}; further texts are refused until it ends (SMS_${event.data.window === 'hour' ? 'HOURLY' : 'DAILY'}_BUDGET). Look for SMS pumping.`,
        );
      }
    }
  }
  return { resendAfterSeconds: nextSendWait(state, meta.now.toISOString()).seconds };
};

import { maskEmail, maskPhone } from '@acpg/contracts/masking';
import type { SignUpBody, SignUpCreated } from '@acpg/contracts/sign-up';
import { passwordProblem } from '../../../platform/auth/passwords.ts';
import { handleCommand, isAlreadyExists, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import { DomainError, type DomainErrorKind } from '../../../platform/commands/domain-error.ts';
import { findAccountIdByEmail } from '../accounts.ts';
import type { Captcha } from '../../../platform/captcha/port.ts';
import { captchaDecider, captchaStream } from '../captcha/redemption.ts';
import type { IdentityContext } from '../context.ts';
import { normaliseEmail } from '../email/decider.ts';
import { signUpDecider, signUpStream } from './decider.ts';
import { signUpField } from './events.ts';
import { findAccountIdByPhone, releaseAbandoned } from './uniqueness.ts';
import { loadAccount, timeZoneOfAccount } from '../accounts.ts';
import { accountAttemptNotice } from '../attempt-notice/template.ts';
import { assertSmsCountryAllowed } from '../send-budget/phone-country.ts';
import { utcDay } from '../send-budget/decider.ts';
import { notificationJob } from '../../../platform/jobs/notifications.ts';

const fieldError = (kind: DomainErrorKind, code: string, path: string, message: string) => new DomainError(kind, code, message, [{ path, message }]);

/**
 * Step 1: the account details. Checks the human check and uses it up before anything else is looked at, so one solved
 * challenge answers one set of details. An email or phone that already has an account is not refused here (that would
 * let anyone probe addresses): the answer is the same as for new ones, the holder is emailed that someone tried (once a
 * day), and the sign-up is refused only behind both codes, when it reserves them (409 EMAIL_TAKEN / PHONE_TAKEN to
 * whoever proved they control the address). Hashes the password once, then opens the sign-up stream.
 */
export const startSignUp = async (ctx: IdentityContext, captcha: Captcha, body: SignUpBody, meta: CommandMeta): Promise<SignUpCreated> => {
  const store = ctx.platform.eventStore;
  const problem = passwordProblem(body.password);
  if (problem) throw fieldError('invalid', 'PASSWORD_REFUSED', 'password', problem);
  assertSmsCountryAllowed(ctx.platform.config.SMS_ALLOWED_COUNTRIES, body.phone, 'phone');

  const check = await captcha.verify(body.captcha);
  if (!check.verified) throw fieldError('invalid', 'CAPTCHA_FAILED', 'captcha', `${check.reason} Complete a new one.`);

  const signUpId = meta.newId();
  await handleCommand(store, captchaStream(check.id), captchaDecider, { type: 'RedeemCaptcha', data: { sign_up_id: signUpId }, metadata: meta }, { newStream: true }).catch(
    (error: unknown) => {
      if (isAlreadyExists(error)) throw fieldError('invalid', 'CAPTCHA_FAILED', 'captcha', 'This human check was used already. Complete a new one.');
      throw error;
    },
  );

  const email = normaliseEmail(body.email);
  await releaseAbandoned(ctx, { email, phone: body.phone }, meta);
  await tellHoldersOfTakenDetails(ctx, { email, phone: body.phone }, meta);

  const passwordHash = await ctx.passwords.hash(body.password);
  const phoneMasked = maskPhone(body.phone);
  await handleCommand(
    store,
    signUpStream(signUpId),
    signUpDecider,
    {
      type: 'StartSignUp',
      data: {
        sign_up_id: signUpId,
        full_name: body.full_name,
        email,
        phone_encrypted: ctx.cipher.encrypt(body.phone, signUpField(signUpId, 'phone')),
        phone_masked: phoneMasked,
        role: body.role,
        intent: body.intent,
        brokerage_name: body.brokerage_name ?? null,
        terms_version: body.terms_version,
        password_hash: passwordHash,
      },
      metadata: meta,
    },
    { newStream: true },
  );
  return { user_id: signUpId, sign_up_id: signUpId, masked: { email: maskEmail(email), phone: phoneMasked } };
};

/**
 * Emails the holder of an email or phone given at sign-up that someone tried to sign up with it: at most once a day per
 * account and detail (the job id names the day, so a repeat is ignored by the queue), so it cannot bomb an inbox.
 */
const tellHoldersOfTakenDetails = async (ctx: IdentityContext, details: { email: string; phone: string }, meta: CommandMeta) => {
  const store = ctx.platform.eventStore;
  const holders = [
    { id: await findAccountIdByEmail(store, details.email), detail: 'email', attempt: 'Someone tried to sign up for a new ACPG account with this email address.' },
    { id: await findAccountIdByPhone(ctx, details.phone), detail: 'phone', attempt: "Someone tried to sign up for a new ACPG account with your account's phone number." },
  ];
  for (const holder of holders) {
    if (holder.id === null) continue;
    const account = await loadAccount(store, holder.id);
    if (!account) continue;
    const jobId = `identity-signup-attempt-${holder.detail}-${account.id}-${utcDay(meta.now)}`;
    await notificationJob.enqueue(ctx.platform, accountAttemptNotice(account.email, account.fullName, holder.attempt, meta.now, timeZoneOfAccount(account)), { id: jobId });
  }
};

import { maskEmail, maskPhone } from '@acpg/contracts/masking';
import type { SignUpBody, SignUpCreated } from '@acpg/contracts/sign-up';
import { passwordProblem } from '../../../platform/auth/passwords.ts';
import { handleCommand, isAlreadyExists, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import { DomainError, type DomainErrorKind } from '../../../platform/commands/domain-error.ts';
import { findAccountIdByEmail } from '../accounts.ts';
import type { Captcha } from '../captcha/port.ts';
import { captchaDecider, captchaStream } from '../captcha/redemption.ts';
import type { IdentityContext } from '../context.ts';
import { normaliseEmail } from '../email/decider.ts';
import { signUpDecider, signUpStream } from './decider.ts';
import { signUpField } from './events.ts';
import { emailTaken, findAccountIdByPhone, phoneTaken, releaseAbandoned } from './uniqueness.ts';

const fieldError = (kind: DomainErrorKind, code: string, path: string, message: string) => new DomainError(kind, code, message, [{ path, message }]);

/**
 * Step 1: the account details. Checks the human check (single use), refuses a taken email or phone, hashes the
 * password once, then opens the sign-up stream. Nothing is reserved yet: that waits for both codes.
 */
export const startSignUp = async (ctx: IdentityContext, captcha: Captcha, body: SignUpBody, meta: CommandMeta): Promise<SignUpCreated> => {
  const store = ctx.platform.eventStore;
  const problem = passwordProblem(body.password);
  if (problem) throw fieldError('invalid', 'PASSWORD_REFUSED', 'password', problem);

  const check = await captcha.verify(body.captcha);
  if (!check.verified) throw fieldError('invalid', 'CAPTCHA_FAILED', 'captcha', `${check.reason} Complete a new one.`);

  const email = normaliseEmail(body.email);
  await releaseAbandoned(ctx, { email, phone: body.phone }, meta);
  if (await findAccountIdByEmail(store, email)) throw emailTaken();
  if (await findAccountIdByPhone(ctx, body.phone)) throw phoneTaken();

  const signUpId = meta.newId();
  await handleCommand(store, captchaStream(check.id), captchaDecider, { type: 'RedeemCaptcha', data: { sign_up_id: signUpId }, metadata: meta }, { newStream: true }).catch(
    (error: unknown) => {
      if (isAlreadyExists(error)) throw fieldError('invalid', 'CAPTCHA_FAILED', 'captcha', 'This human check was used already. Complete a new one.');
      throw error;
    },
  );

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

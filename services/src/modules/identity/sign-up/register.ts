import { handleCommand, isAlreadyExists, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import { maskPhone } from '@acpg/contracts/masking';
import { loadAccount, phoneContext } from '../accounts.ts';
import { accountDecider, accountStream } from '../account/decider.ts';
import type { IdentityContext } from '../context.ts';
import type { OpenSignUp } from './decider.ts';
import { signUpField } from './events.ts';
import { assertEmailAndPhoneFree, releaseAbandoned, reserveEmailAndPhone } from './uniqueness.ts';

/**
 * The account of a sign-up whose codes are verified: email and phone reserved (409 EMAIL_TAKEN / PHONE_TAKEN to the
 * loser of a race, which keeps nothing), then the account stream with the password hashed at step 1. The account id is
 * the sign-up's id, so a repeat (a retry after a crash, a double click) finds its own reservations and account.
 */
export const registerSignUpAccount = async (ctx: IdentityContext, signUp: OpenSignUp, meta: CommandMeta): Promise<void> => {
  const accountId = signUp.signUpId;
  const phone = ctx.cipher.decrypt(signUp.phoneEncrypted, signUpField(signUp.signUpId, 'phone'));
  await releaseAbandoned(ctx, { email: signUp.email, phone }, meta);
  await assertEmailAndPhoneFree(ctx, signUp.email, phone, accountId);
  await reserveEmailAndPhone(ctx, { accountId, email: signUp.email, phone }, meta);
  try {
    await handleCommand(
      ctx.platform.eventStore,
      accountStream(accountId),
      accountDecider,
      {
        type: 'RegisterAccount',
        data: {
          account_id: accountId,
          email: signUp.email,
          full_name: signUp.fullName,
          roles: [signUp.role],
          password_hash: signUp.passwordHash,
          phone_encrypted: ctx.cipher.encrypt(phone, phoneContext(accountId)),
          phone_masked: maskPhone(phone),
          profile_img: null,
          ...(signUp.brokerageName ? { brokerage_name: signUp.brokerageName } : {}),
        },
        metadata: meta,
      },
      { newStream: true },
    );
  } catch (error) {
    if (isAlreadyExists(error) && (await loadAccount(ctx.platform.eventStore, accountId))) return;
    throw error;
  }
};

import { handleCommand, loadStream, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import { AppError } from '../../../platform/http/errors.ts';
import type { IdentityContext } from '../context.ts';
import { emailDecider, emailStream } from '../email/decider.ts';
import { phoneDecider, phoneStream } from '../phone/decider.ts';

export const emailTaken = () =>
  new AppError(409, 'EMAIL_TAKEN', 'An account with this email already exists. Sign in, or use another email.', [
    { path: 'email', message: 'An account with this email already exists.' },
  ]);
export const phoneTaken = () =>
  new AppError(409, 'PHONE_TAKEN', 'An account with this phone number already exists. Sign in, or use another number.', [
    { path: 'phone', message: 'An account with this phone number already exists.' },
  ]);

/** The phone's uniqueness stream, named by a keyed digest: a number is guessable, its HMAC is not. */
const phoneStreamOf = (ctx: IdentityContext, phone: string) => phoneStream(ctx.cipher.hmac('phone', phone));

export const findAccountIdByPhone = async (ctx: IdentityContext, phone: string): Promise<string | null> => {
  const { state } = await loadStream(ctx.platform.eventStore, phoneStreamOf(ctx, phone), phoneDecider);
  return state.status === 'reserved' ? state.accountId : null;
};

/** Reserves the phone for the account (a repeat for the same account is a no-op); 409 PHONE_TAKEN for another's. */
export const reservePhone = async (ctx: IdentityContext, accountId: string, phone: string, meta: CommandMeta): Promise<void> => {
  try {
    await handleCommand(ctx.platform.eventStore, phoneStreamOf(ctx, phone), phoneDecider, { type: 'ReservePhone', data: { account_id: accountId }, metadata: meta }, { retries: 1 });
  } catch (error) {
    throw error instanceof AppError && error.status === 409 ? phoneTaken() : error;
  }
};

const reservedFor = async (ctx: IdentityContext, email: string, accountId: string) => {
  const { state } = await loadStream(ctx.platform.eventStore, emailStream(email), emailDecider);
  return state.status === 'reserved' && state.accountId === accountId;
};

/**
 * Reserves the email, then the phone, for `accountId`, each appended at its stream's loaded version (0 the first time),
 * so of two sign-ups racing for either one wins and the other gets 409 EMAIL_TAKEN or PHONE_TAKEN. The loser keeps
 * nothing: an email reserved before its phone was lost is released. Repeating it for the same account is a no-op.
 */
export const reserveEmailAndPhone = async (ctx: IdentityContext, reservation: { accountId: string; email: string; phone: string }, meta: CommandMeta): Promise<void> => {
  const store = ctx.platform.eventStore;
  const { accountId, email, phone } = reservation;
  if (!(await reservedFor(ctx, email, accountId))) {
    try {
      await handleCommand(store, emailStream(email), emailDecider, { type: 'ReserveEmail', data: { email, account_id: accountId }, metadata: meta });
    } catch (error) {
      if (await reservedFor(ctx, email, accountId)) return reserveEmailAndPhone(ctx, reservation, meta); // our own twin request
      throw error instanceof AppError && (error.code === 'EMAIL_TAKEN' || error.status === 409) ? emailTaken() : error;
    }
  }
  try {
    await reservePhone(ctx, accountId, phone, meta);
  } catch (error) {
    await handleCommand(store, emailStream(email), emailDecider, { type: 'ReleaseEmail', data: { email, account_id: accountId }, metadata: meta }, { retries: 3 });
    throw error;
  }
};

/** Refuses, before any write, details whose email or phone already belong to an account. */
export const assertEmailAndPhoneFree = async (ctx: IdentityContext, email: string, phone: string, accountId: string) => {
  const emailOwner = await loadStream(ctx.platform.eventStore, emailStream(email), emailDecider);
  if (emailOwner.state.status === 'reserved' && emailOwner.state.accountId !== accountId) throw emailTaken();
  const phoneOwner = await findAccountIdByPhone(ctx, phone);
  if (phoneOwner !== null && phoneOwner !== accountId) throw phoneTaken();
};

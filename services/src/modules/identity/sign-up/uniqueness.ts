import { handleCommand, loadStream, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import { DomainError, isVersionConflict } from '../../../platform/commands/domain-error.ts';
import { accountDecider, accountStream } from '../account/decider.ts';
import type { IdentityContext } from '../context.ts';
import { reached } from '../decider.ts';
import { emailDecider, emailStream } from '../email/decider.ts';
import { phoneDecider, phoneStream } from '../phone/decider.ts';
import { signUpDecider, signUpStream } from './decider.ts';

export const emailTaken = () =>
  new DomainError('conflict', 'EMAIL_TAKEN', 'An account with this email already exists. Sign in, or use another email.', [
    { path: 'email', message: 'An account with this email already exists.' },
  ]);
export const phoneTaken = () =>
  new DomainError('conflict', 'PHONE_TAKEN', 'An account with this phone number already exists. Sign in, or use another number.', [
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
    throw (error instanceof DomainError && error.kind === 'conflict') || isVersionConflict(error) ? phoneTaken() : error;
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
      throw (error instanceof DomainError && (error.code === 'EMAIL_TAKEN' || error.kind === 'conflict')) || isVersionConflict(error) ? emailTaken() : error;
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

/**
 * A holder that is a sign-up which died between reserving and registering (no account under its id) and can no
 * longer finish it: locked by wrong codes, or expired.
 */
const abandoned = async (ctx: IdentityContext, holder: string, now: Date): Promise<boolean> => {
  const store = ctx.platform.eventStore;
  if ((await loadStream(store, accountStream(holder), accountDecider)).state.status !== 'none') return false;
  const { state } = await loadStream(store, signUpStream(holder), signUpDecider);
  return state.status === 'locked' || (state.status === 'pending' && reached(now.toISOString(), state.expiresAt));
};

/**
 * Gives back the email and phone held by an abandoned sign-up (see `abandoned`), so a crash between reserving and
 * registering keeps them from nobody once that sign-up can no longer finish. Run before checking them.
 */
export const releaseAbandoned = async (ctx: IdentityContext, details: { email: string; phone: string }, meta: CommandMeta): Promise<void> => {
  const store = ctx.platform.eventStore;
  const { email, phone } = details;
  const emailHolder = await loadStream(store, emailStream(email), emailDecider);
  if (emailHolder.state.status === 'reserved' && (await abandoned(ctx, emailHolder.state.accountId, meta.now))) {
    const data = { email, account_id: emailHolder.state.accountId };
    await handleCommand(store, emailStream(email), emailDecider, { type: 'ReleaseEmail', data, metadata: meta }, { retries: 3 });
  }
  const phoneHolder = await findAccountIdByPhone(ctx, phone);
  if (phoneHolder !== null && (await abandoned(ctx, phoneHolder, meta.now))) {
    await handleCommand(store, phoneStreamOf(ctx, phone), phoneDecider, { type: 'ReleasePhone', data: { account_id: phoneHolder }, metadata: meta }, { retries: 3 });
  }
};

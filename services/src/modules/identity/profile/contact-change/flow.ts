import type { ContactChangeSent } from '@acpg/contracts/account';
import { OTP_RULES, type OtpChannel } from '@acpg/contracts/identity';
import { maskEmail, maskPhone } from '@acpg/contracts/masking';
import { handleCommand, loadStream, type CommandMeta } from '../../../../platform/commands/handle-command.ts';
import { CODE_TRY_RETRIES } from '../../code-claim.ts';
import { findAccountIdByEmail, loadAccount, phoneContext, type RegisteredAccount } from '../../accounts.ts';
import { accountDecider, accountStream } from '../../account/decider.ts';
import type { IdentityContext } from '../../context.ts';
import { emailDecider, emailStream, normaliseEmail } from '../../email/decider.ts';
import { phoneDecider, phoneStream } from '../../phone/decider.ts';
import { newCode, recordSend } from '../codes.ts';
import { DomainError } from '../../../../platform/commands/domain-error.ts';
import { refuseAccount } from '../refuse.ts';
import { assertStepUp } from '../step-up.ts';
import { liveSessionId } from '../sessions.ts';
import { contactChangeDecider, contactChangeStream } from './decider.ts';
import { contactChangeCodeMessage } from './template.ts';
import { assertSmsCountryAllowed } from '../../send-budget/phone-country.ts';
import { codeNotificationJob } from '../../../../platform/jobs/notifications.ts';

const codeDigest = (ctx: IdentityContext, changeId: string, code: string) => ctx.cipher.hmac('contact-change-code', `${changeId}:${code}`);
const destinationContext = (changeId: string) => `${contactChangeStream(changeId)}:destination`;
/** The email or phone a change replaced, kept encrypted on its ContactChangeVerified for the undo link. */
export const previousContext = (changeId: string) => `${contactChangeStream(changeId)}:previous`;
export const destinationOf = (ctx: IdentityContext, changeId: string, encrypted: string) => ctx.cipher.decrypt(encrypted, destinationContext(changeId));

const signedInAccount = async (ctx: IdentityContext, accountId: string): Promise<RegisteredAccount> => {
  const account = await loadAccount(ctx.platform.eventStore, accountId);
  if (!account) throw refuseAccount('unauthenticated', 'SESSION_ENDED', 'Your session has ended. Sign in again.');
  return account;
};

const currentPhone = (ctx: IdentityContext, account: RegisteredAccount) =>
  account.phoneEncrypted ? ctx.cipher.decrypt(account.phoneEncrypted, phoneContext(account.id)) : null;

const holderOf = async (ctx: IdentityContext, channel: OtpChannel, destination: string): Promise<string | null> => {
  if (channel === 'email') return findAccountIdByEmail(ctx.platform.eventStore, destination);
  const { state } = await loadStream(ctx.platform.eventStore, phoneStream(ctx.cipher.hmac('phone', destination)), phoneDecider);
  return state.status === 'reserved' ? state.accountId : null;
};

const taken = (channel: OtpChannel) =>
  channel === 'email'
    ? refuseAccount('conflict', 'EMAIL_TAKEN', 'Another account uses this email. Choose another one.')
    : refuseAccount('conflict', 'PHONE_TAKEN', 'Another account uses this phone number. Choose another one.');

/**
 * Step 1: a code to the new email or phone (`destination` already validated: an email, or an E.164 phone). Whether
 * another account holds it is not said here (that would let anyone probe addresses): the code is sent all the same,
 * and confirming it refuses a taken one (see `reserve`), so only who controls the address learns it is taken.
 */
export const requestContactChange = async (
  ctx: IdentityContext,
  accountId: string,
  change: { channel: OtpChannel; destination: string; currentPassword: string | undefined },
  meta: CommandMeta,
): Promise<ContactChangeSent> => {
  const { channel } = change;
  const destination = channel === 'email' ? normaliseEmail(change.destination) : change.destination;
  const account = await signedInAccount(ctx, accountId);
  await assertStepUp(ctx, account, change.currentPassword, meta);
  const current = channel === 'email' ? account.email : currentPhone(ctx, account);
  if (current === destination) throw refuseAccount('invalid', 'SAME_AS_CURRENT', `This is already your ${channel === 'email' ? 'email' : 'phone number'}.`);
  if (channel === 'phone') assertSmsCountryAllowed(ctx.platform.config.SMS_ALLOWED_COUNTRIES, destination, 'phone');

  const changeId = meta.newId();
  const wait = await recordSend(ctx, { purpose: 'contact-change', channel, destination, challengeId: changeId, account: account.id }, meta);
  const code = newCode();
  const masked = channel === 'email' ? maskEmail(destination) : maskPhone(destination);
  const { events } = await handleCommand(
    ctx.platform.eventStore,
    contactChangeStream(changeId),
    contactChangeDecider,
    {
      type: 'RequestChange',
      data: {
        change_id: changeId,
        account_id: account.id,
        channel,
        destination_encrypted: ctx.cipher.encrypt(destination, destinationContext(changeId)),
        destination_masked: masked,
        code_hash: codeDigest(ctx, changeId, code),
      },
      metadata: meta,
    },
    { newStream: true },
  );
  const requested = events[0];
  if (!requested) throw new Error('RequestChange decided no event');
  await codeNotificationJob.enqueue(ctx.platform, contactChangeCodeMessage(channel, destination, code), { id: `identity-contactchange-${requested.id}` });
  return { change_id: changeId, masked_destination: masked, resend_after_seconds: wait, expires_in_seconds: OTP_RULES.validSeconds };
};

/** The email the account had before it changed to `email` (what the last such change replaced). */
const emailBefore = async (ctx: IdentityContext, accountId: string, email: string): Promise<string | null> => {
  const history = await ctx.platform.eventStore.readStream(accountStream(accountId));
  const change = history.findLast((e) => e.type === 'AccountEmailChanged' && (e.data as { email?: unknown }).email === email);
  const previous = (change?.data as { previous_email?: unknown } | undefined)?.previous_email;
  return typeof previous === 'string' ? previous : null;
};

/** The phone the account had before it changed to `phone`: the one before the last in its history (kept encrypted). */
const phoneBefore = async (ctx: IdentityContext, accountId: string, phone: string): Promise<string | null> => {
  const history = await ctx.platform.eventStore.readStream(accountStream(accountId));
  const phones = history
    .filter((e) => e.type === 'AccountRegistered' || e.type === 'AccountPhoneChanged')
    .map((e) => (e.data as { phone_encrypted?: unknown }).phone_encrypted)
    .map((encrypted) => (typeof encrypted === 'string' ? ctx.cipher.decrypt(encrypted, phoneContext(accountId)) : null));
  return phones.at(-1) === phone ? (phones.at(-2) ?? null) : null;
};

/** Already so (a concurrent twin of this request changed it a moment ago): nothing to do. */
const unlessSame = (error: unknown) => {
  if (!(error instanceof DomainError && error.code === 'SAME_AS_CURRENT')) throw error;
};

/**
 * Step 2: the code. A right code is first used up by this request (ContactChangeCodeAccepted, appended at the loaded
 * version: of parallel requests only one claims it, and wrong codes racing it are counted, at most 5). Then the new
 * destination is reserved (taken meanwhile: 409, and the claim is released so the code still works), the account
 * changes, the old destination is released, and the change is recorded. A request cut short by a crash leaves the
 * claim; after OTP_RULES.claimSeconds the same code claims it again and finishes the change (each step idempotent).
 */
export const verifyContactChange = async (
  ctx: IdentityContext,
  caller: { accountId: string; sessionId: string | null },
  body: { change_id: string; code: string },
  meta: CommandMeta,
): Promise<void> => {
  const { accountId } = caller;
  const store = ctx.platform.eventStore;
  const stream = contactChangeStream(body.change_id);
  const claimId = meta.newId();
  const command = { type: 'VerifyChange' as const, data: { account_id: accountId, code_hash: codeDigest(ctx, body.change_id, body.code), claim_id: claimId }, metadata: meta };
  const { events, state } = await handleCommand(store, stream, contactChangeDecider, command, { retries: CODE_TRY_RETRIES, conflictMessage: CODE_RACE });
  const rejected = events.find((e) => e.type === 'ContactChangeCodeRejected');
  if (rejected?.type === 'ContactChangeCodeRejected') {
    const left = rejected.data.tries_left;
    if (left === 0) throw refuseAccount('invalid', 'CHANGE_LOCKED', 'The code is incorrect and no tries are left. Start the change again to get a new code.');
    throw refuseAccount('invalid', 'OTP_INCORRECT', `The code is incorrect. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
  }
  if (state.status !== 'accepted' || state.claim?.id !== claimId) throw new Error('VerifyChange decided neither a rejection nor a claim');
  try {
    const previous_encrypted = await applyChange(ctx, caller, state, meta);
    await handleCommand(store, stream, contactChangeDecider, { type: 'FinishChange', data: { claim_id: claimId, previous_encrypted }, metadata: meta }, { retries: 1 });
  } catch (error) {
    // Refused or failed on the way (the address taken meanwhile, a store away): the code is given back, and sending it
    // again finishes what was done. Only a process that died here leaves the claim, to expire.
    if (!(error instanceof DomainError && error.code === 'CHANGE_USED')) {
      await handleCommand(store, stream, contactChangeDecider, { type: 'ReleaseChange', data: { claim_id: claimId }, metadata: meta }, { retries: 2 }).catch(
        (releaseError: unknown) => ctx.platform.log.error({ err: releaseError, changeId: body.change_id }, 'contact change: the code could not be given back'),
      );
    }
    throw error;
  }
};

/** Answered (409 CONFLICT) to a code that lost a race on the change's stream with another try: it was not compared. */
const CODE_RACE = 'Another try of this code came at the same moment. Try again.';

/** Applies a claimed change to the account; answers what it replaced (encrypted), for the undo link. */
const applyChange = async (
  ctx: IdentityContext,
  caller: { accountId: string; sessionId: string | null },
  state: { changeId: string; channel: OtpChannel; destinationEncrypted: string },
  meta: CommandMeta,
): Promise<string | null> => {
  const store = ctx.platform.eventStore;
  const destination = ctx.cipher.decrypt(state.destinationEncrypted, destinationContext(state.changeId));
  const account = await signedInAccount(ctx, caller.accountId);
  await reserve(ctx, state.channel, destination, account.id, meta);
  let replaced: string | null;
  if (state.channel === 'email') {
    // Changed already by this change's earlier try: the email to release is the one that change replaced.
    const previous = account.email === destination ? await emailBefore(ctx, account.id, destination) : account.email;
    if (account.email !== destination) {
      await handleCommand(store, accountStream(account.id), accountDecider, { type: 'ChangeEmail', data: { email: destination }, metadata: meta }, { retries: 2 }).catch(unlessSame);
    }
    if (previous) {
      await handleCommand(store, emailStream(previous), emailDecider, { type: 'ReleaseEmail', data: { email: previous, account_id: account.id }, metadata: meta }, { retries: 2 });
    }
    replaced = previous;
  } else {
    const current = currentPhone(ctx, account);
    // Changed already by this change's earlier try: the phone to release is the one that change replaced.
    const previous = current === destination ? await phoneBefore(ctx, account.id, destination) : current;
    if (current !== destination) {
      const data = { phone_encrypted: ctx.cipher.encrypt(destination, phoneContext(account.id)), phone_masked: maskPhone(destination) };
      await handleCommand(store, accountStream(account.id), accountDecider, { type: 'ChangePhone', data, metadata: meta }, { retries: 2 });
    }
    if (previous && previous !== destination) {
      await handleCommand(store, phoneStream(ctx.cipher.hmac('phone', previous)), phoneDecider, { type: 'ReleasePhone', data: { account_id: account.id }, metadata: meta }, { retries: 2 });
    }
    replaced = previous && previous !== destination ? previous : null;
  }
  // Every other session ends (their refresh tokens are refused, their access tokens too: the session version moves on).
  const kept = await liveSessionId(ctx, account.id, caller.sessionId);
  const reason = state.channel === 'email' ? ('email-change' as const) : ('phone-change' as const);
  await handleCommand(store, accountStream(account.id), accountDecider, { type: 'EndSessions', data: { reason, kept_session_id: kept }, metadata: meta }, { retries: 2 });
  // The notice to the old contact carries a link that undoes the change (`undo.ts`): it needs the one replaced.
  return replaced === null ? null : ctx.cipher.encrypt(replaced, previousContext(state.changeId));
};

/** The new email or phone for this account (a retry finds it already reserved to itself). */
export const reserve = async (ctx: IdentityContext, channel: OtpChannel, destination: string, accountId: string, meta: CommandMeta) => {
  const holder = await holderOf(ctx, channel, destination);
  if (holder === accountId) return;
  if (holder !== null) throw taken(channel);
  const store = ctx.platform.eventStore;
  // At the loaded version (not a new stream): a released email or phone may be reserved again; a race loses with 409.
  if (channel === 'email') {
    await handleCommand(store, emailStream(destination), emailDecider, { type: 'ReserveEmail', data: { email: destination, account_id: accountId }, metadata: meta }, { retries: 1 });
  } else {
    await handleCommand(store, phoneStream(ctx.cipher.hmac('phone', destination)), phoneDecider, { type: 'ReservePhone', data: { account_id: accountId }, metadata: meta }, { retries: 1 });
  }
};

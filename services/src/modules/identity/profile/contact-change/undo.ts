import type { UndoContactChangeResult } from '@acpg/contracts/account';
import { maskEmail, maskPhone } from '@acpg/contracts/masking';
import { DomainError } from '../../../../platform/commands/domain-error.ts';
import { handleCommand, loadStream, type CommandMeta } from '../../../../platform/commands/handle-command.ts';
import { publicUrl } from '../../../../platform/config/public-url.ts';
import { loadAccount, phoneContext, type RegisteredAccount } from '../../accounts.ts';
import { accountDecider, accountStream } from '../../account/decider.ts';
import type { IdentityContext } from '../../context.ts';
import { sameDigest } from '../../decider.ts';
import { emailDecider, emailStream } from '../../email/decider.ts';
import { phoneDecider, phoneStream } from '../../phone/decider.ts';
import { refuseAccount } from '../refuse.ts';
import { contactChangeDecider, contactChangeStream } from './decider.ts';
import { previousContext, reserve } from './flow.ts';

/**
 * The undo link in the notice of an email or phone change (sent to the old address): a keyed digest of the change id,
 * so nothing secret is stored and only the server can make one. It works once (ContactChangeUndone) and for
 * CONTACT_UNDO_DAYS after the change.
 */
export const undoToken = (ctx: IdentityContext, changeId: string) => ctx.cipher.hmac('contact-change-undo', changeId);
export const undoLink = (ctx: IdentityContext, changeId: string) =>
  `${publicUrl(ctx.platform.config)}/account/undo-change?change=${encodeURIComponent(changeId)}&token=${undoToken(ctx, changeId)}`;

const notFound = () => refuseAccount('not_found', 'UNDO_NOT_FOUND', 'This link is not valid.');
const isTaken = (error: unknown) => error instanceof DomainError && (error.code === 'EMAIL_TAKEN' || error.code === 'PHONE_TAKEN');
const phoneOf = (ctx: IdentityContext, account: RegisteredAccount) => (account.phoneEncrypted ? ctx.cipher.decrypt(account.phoneEncrypted, phoneContext(account.id)) : null);

/**
 * Following the undo link: the email or phone the change replaced is put back (unless another account took it since),
 * the one the account has now is released, every session of the account ends (access tokens included), and the
 * holder is asked to reset the password (whoever made the change knew it). Then the link is used up.
 */
export const undoContactChange = async (ctx: IdentityContext, body: { change_id: string; token: string }, meta: CommandMeta): Promise<UndoContactChangeResult> => {
  const store = ctx.platform.eventStore;
  if (!sameDigest(body.token, undoToken(ctx, body.change_id))) throw notFound();
  const stream = contactChangeStream(body.change_id);
  const command = { type: 'UndoChange' as const, data: { undo_days: ctx.platform.config.CONTACT_UNDO_DAYS }, metadata: meta };
  const { state } = await loadStream(store, stream, contactChangeDecider);
  contactChangeDecider.decide(command, state); // refuses a used, expired or unknown link before anything changes
  if (state.status === 'none') throw notFound();
  const account = await loadAccount(store, state.accountId);
  if (!account) throw notFound();
  const previous = state.previousEncrypted ? ctx.cipher.decrypt(state.previousEncrypted, previousContext(state.changeId)) : null;

  let restored = false;
  if (previous) {
    restored = await reserve(ctx, state.channel, previous, account.id, meta).then(
      () => true,
      (error: unknown) => {
        if (isTaken(error)) return false; // taken by another account since: the sessions still end below
        throw error;
      },
    );
  }
  if (restored && previous && state.channel === 'email' && account.email !== previous) {
    await handleCommand(store, accountStream(account.id), accountDecider, { type: 'ChangeEmail', data: { email: previous }, metadata: meta }, { retries: 2 });
    await handleCommand(store, emailStream(account.email), emailDecider, { type: 'ReleaseEmail', data: { email: account.email, account_id: account.id }, metadata: meta }, { retries: 2 });
  }
  const current = phoneOf(ctx, account);
  if (restored && previous && state.channel === 'phone' && current !== previous) {
    const data = { phone_encrypted: ctx.cipher.encrypt(previous, phoneContext(account.id)), phone_masked: maskPhone(previous) };
    await handleCommand(store, accountStream(account.id), accountDecider, { type: 'ChangePhone', data, metadata: meta }, { retries: 2 });
    if (current) await handleCommand(store, phoneStream(ctx.cipher.hmac('phone', current)), phoneDecider, { type: 'ReleasePhone', data: { account_id: account.id }, metadata: meta }, { retries: 2 });
  }
  await handleCommand(store, accountStream(account.id), accountDecider, { type: 'EndSessions', data: { reason: 'contact-change-undone', kept_session_id: null }, metadata: meta }, { retries: 2 });
  await handleCommand(store, stream, contactChangeDecider, command, { retries: 1 });
  const masked = restored && previous ? (state.channel === 'email' ? maskEmail(previous) : maskPhone(previous)) : null;
  return { channel: state.channel, restored, restored_masked: masked };
};

import { OTP_RULES } from '@acpg/contracts/identity';
import { RESET_RULES } from '@acpg/contracts/account';
import { addSeconds, reached, unknownCommand, sameDigest } from '../decider.ts';
import { claimHeld, codeInUse, type CodeClaim } from '../code-claim.ts';
import { refuseAccount } from '../profile/refuse.ts';
import type { Command, Decider, DomainEvent } from '../../../platform/commands/handle-command.ts';

/**
 * Password resets asked for one email address. The stream id carries a keyed digest of the email (never the email),
 * and an email no account uses gets a stream too, holding a code nobody was sent: the answers, the throttles and the
 * tries left are then the same whether or not the email belongs to an account.
 * Rules: only the latest code and link count; the code lives 10 minutes, the link an hour; either is used once;
 * 5 wrong tries lock the reset, and a new code within an open reset does not reset the count (DECISIONS.md, OTP rules).
 * A right code or link is used up (PasswordResetAccepted, a claim: `code-claim.ts`) before the password is set, and the
 * reset is recorded (PasswordResetCompleted) once it is; a password refused on the way (hashing busy) gives it back.
 */
export const passwordResetStream = (emailKey: string) => `identity-pwreset-${emailKey}`;

export type ResetMethod = 'code' | 'link';

export type PasswordResetEvent =
  | DomainEvent<'PasswordResetRequested', { reset_id: string; account_id: string | null; requested_at: string }>
  | DomainEvent<'PasswordResetCodeSent', { reset_id: string; code_hash: string; link_hash: string; sent_at: string; code_expires_at: string; link_expires_at: string }>
  | DomainEvent<'PasswordResetRejected', { reset_id: string; method: ResetMethod; failures: number; tries_left: number; at: string }>
  | DomainEvent<'PasswordResetLocked', { reset_id: string; at: string }>
  /** The right code or link, used up by the request `claim_id`, which now sets the password. */
  | DomainEvent<'PasswordResetAccepted', { reset_id: string; method: ResetMethod; claim_id: string; at: string }>
  /** Setting the password failed on the way: the code or link works again. */
  | DomainEvent<'PasswordResetReleased', { reset_id: string; claim_id: string; at: string }>
  | DomainEvent<'PasswordResetCompleted', { reset_id: string; account_id: string; method: ResetMethod; at: string }>;

export type PasswordResetCommand =
  /** `reset_id` is used when a new reset opens; an open one keeps its id (and its failure count). */
  | Command<'RequestReset', { reset_id: string; account_id: string | null; code_hash: string; link_hash: string }>
  /** `proof_hash`: the digest of the code typed or the link's secret, made as the stored one. */
  | Command<'CompleteReset', { method: ResetMethod; proof_hash: string; claim_id: string }>
  /** The claimer set the password: the reset is recorded. */
  | Command<'FinishReset', { claim_id: string }>
  /** The claimer could not set the password: the code or link is given back. */
  | Command<'ReleaseReset', { claim_id: string }>;

interface Reset {
  /** `accepted`: the right code or link was used up and the password is being set. */
  status: 'open' | 'accepted' | 'locked' | 'used';
  claim: (CodeClaim & { method: ResetMethod }) | null;
  resetId: string;
  accountId: string | null;
  failures: number;
  codeHash: string;
  linkHash: string;
  codeExpiresAt: string;
  linkExpiresAt: string;
}
export type PasswordResetState = { status: 'none' } | Reset;

export const initialState = (): PasswordResetState => ({ status: 'none' });

export const evolve = (state: PasswordResetState, event: PasswordResetEvent): PasswordResetState => {
  switch (event.type) {
    case 'PasswordResetRequested':
      return {
        status: 'open',
        resetId: event.data.reset_id,
        accountId: event.data.account_id,
        failures: 0,
        claim: null,
        codeHash: '',
        linkHash: '',
        codeExpiresAt: event.data.requested_at,
        linkExpiresAt: event.data.requested_at,
      };
    case 'PasswordResetCodeSent':
      if (state.status === 'none') return state;
      return { ...state, codeHash: event.data.code_hash, linkHash: event.data.link_hash, codeExpiresAt: event.data.code_expires_at, linkExpiresAt: event.data.link_expires_at };
    case 'PasswordResetRejected':
      return state.status === 'none' ? state : { ...state, failures: event.data.failures };
    case 'PasswordResetLocked':
      return state.status === 'none' ? state : { ...state, status: 'locked' };
    case 'PasswordResetAccepted':
      return state.status === 'none' ? state : { ...state, status: 'accepted', claim: { id: event.data.claim_id, at: event.data.at, method: event.data.method } };
    case 'PasswordResetReleased':
      return state.status === 'accepted' && state.claim?.id === event.data.claim_id ? { ...state, status: 'open', claim: null } : state;
    case 'PasswordResetCompleted':
      return state.status === 'none' ? state : { ...state, status: 'used', claim: null, codeHash: '', linkHash: '' };
    default:
      return state;
  }
};


/** An open reset whose link still works: a new request sends a new code within it (keeping its failures). */
export const openReset = (state: PasswordResetState, now: string): Reset | null =>
  state.status === 'open' && !reached(now, state.linkExpiresAt) ? state : null;

const notFoundMessage = (method: ResetMethod) =>
  method === 'link' ? 'This reset link is not valid. Ask for a new one.' : 'No code was asked for with this email. Check the email or ask for a new code.';

export const decide = (command: PasswordResetCommand, state: PasswordResetState): PasswordResetEvent[] => {
  const now = command.metadata.now.toISOString();
  switch (command.type) {
    case 'RequestReset': {
      const d = command.data;
      const open = openReset(state, now);
      // The account behind the email may have changed (a new account, an email change): a new reset then.
      const resetId = open && open.accountId === d.account_id ? open.resetId : d.reset_id;
      const sent: PasswordResetEvent = {
        type: 'PasswordResetCodeSent',
        data: {
          reset_id: resetId,
          code_hash: d.code_hash,
          link_hash: d.link_hash,
          sent_at: now,
          code_expires_at: addSeconds(now, RESET_RULES.codeValidSeconds),
          link_expires_at: addSeconds(now, RESET_RULES.linkValidSeconds),
        },
      };
      if (resetId !== d.reset_id) return [sent];
      return [{ type: 'PasswordResetRequested', data: { reset_id: resetId, account_id: d.account_id, requested_at: now } }, sent];
    }
    case 'CompleteReset': {
      const d = command.data;
      if (state.status === 'none') throw refuseAccount('invalid', 'RESET_NOT_FOUND', notFoundMessage(d.method));
      if (state.status === 'used') throw refuseAccount('gone', 'RESET_USED', 'This code or link was already used. Ask for a new one if you need to reset again.');
      if (state.status === 'locked') throw refuseAccount('gone', 'RESET_LOCKED', 'Too many wrong codes. Ask for a new code.');
      // Used up by a request setting the password now: nothing is compared (nor counted) until it finishes or is presumed dead.
      if (state.status === 'accepted' && claimHeld(state.claim, now)) throw codeInUse();
      // A claimer presumed dead keeps the reset open past the code's expiry: the same code or link finishes it.
      const expiring = state.status === 'open';
      if (expiring && d.method === 'code' && reached(now, state.codeExpiresAt)) throw refuseAccount('gone', 'OTP_EXPIRED', 'This code has expired. Ask for a new one.');
      if (expiring && d.method === 'link' && reached(now, state.linkExpiresAt)) throw refuseAccount('gone', 'RESET_LINK_EXPIRED', 'This link has expired. Ask for a new one.');
      const expected = d.method === 'code' ? state.codeHash : state.linkHash;
      if (state.accountId !== null && sameDigest(d.proof_hash, expected)) {
        return [{ type: 'PasswordResetAccepted', data: { reset_id: state.resetId, method: d.method, claim_id: d.claim_id, at: now } }];
      }
      const failures = state.failures + 1;
      const triesLeft = Math.max(0, OTP_RULES.maxWrongTries - failures);
      const rejected: PasswordResetEvent = { type: 'PasswordResetRejected', data: { reset_id: state.resetId, method: d.method, failures, tries_left: triesLeft, at: now } };
      return triesLeft === 0 ? [rejected, { type: 'PasswordResetLocked', data: { reset_id: state.resetId, at: now } }] : [rejected];
    }
    case 'FinishReset': {
      if (state.status !== 'accepted' || state.claim?.id !== command.data.claim_id || state.accountId === null) {
        throw refuseAccount('gone', 'RESET_USED', 'This code or link was already used. Ask for a new one if you need to reset again.');
      }
      return [{ type: 'PasswordResetCompleted', data: { reset_id: state.resetId, account_id: state.accountId, method: state.claim.method, at: now } }];
    }
    case 'ReleaseReset':
      if (state.status !== 'accepted' || state.claim?.id !== command.data.claim_id) return [];
      return [{ type: 'PasswordResetReleased', data: { reset_id: state.resetId, claim_id: command.data.claim_id, at: now } }];
    default:
      return unknownCommand(command);
  }
};

export const passwordResetDecider: Decider<PasswordResetCommand, PasswordResetEvent, PasswordResetState> = { initialState, evolve, decide };

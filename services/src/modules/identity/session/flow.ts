import { hashRefreshSecret, newRefreshToken, type RefreshToken } from '../../../platform/auth/refresh-cookie.ts';
import { loadAccount, type RegisteredAccount } from '../accounts.ts';
import { handleCommand, loadStream, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import type { IdentityContext } from '../context.ts';
import { refuse } from '../decider.ts';
import { sessionDecider, sessionStream } from './decider.ts';
import { endedByPasswordChange } from '../profile/sessions.ts';
import { accountDecider, accountStream } from '../account/decider.ts';
import { refuseIfSuspended } from '../account-administration/suspension.ts';

export interface IssuedRefreshToken {
  token: string;
  maxAgeSeconds: number;
}

const ttlSeconds = (ctx: IdentityContext) => ctx.platform.config.REFRESH_TOKEN_TTL_DAYS * 24 * 3600;
const maxAgeSeconds = (ctx: IdentityContext) => ctx.platform.config.SESSION_MAX_AGE_DAYS * 24 * 3600;
/** The first refresh token lives no longer than the session may (SESSION_MAX_AGE_DAYS below REFRESH_TOKEN_TTL_DAYS). */
const firstTtl = (ctx: IdentityContext) => Math.min(ttlSeconds(ctx), maxAgeSeconds(ctx));
const sessionEnded = () => refuse('unauthenticated', 'SESSION_ENDED', 'Your session has ended. Sign in again.');

/**
 * `userAgent`: the browser's, already trimmed and capped (`sessionUserAgent`), for the sign-in notice. `bySignUp`: the
 * session a new account starts with (no "new sign-in" notice: the person just made the account).
 */
export const startSession = async (
  ctx: IdentityContext,
  session: { accountId: string; sessionId: string; userAgent?: string | undefined; bySignUp?: boolean },
  meta: CommandMeta,
): Promise<IssuedRefreshToken> => {
  const { accountId, sessionId, userAgent, bySignUp } = session;
  const { token, hash } = newRefreshToken(sessionId);
  await handleCommand(
    ctx.platform.eventStore,
    sessionStream(sessionId),
    sessionDecider,
    {
      type: 'StartSession',
      data: { session_id: sessionId, account_id: accountId, token_hash: hash, ttl_seconds: firstTtl(ctx), ...(userAgent ? { user_agent: userAgent } : {}), ...(bySignUp ? { by: 'sign-up' as const } : {}) },
      metadata: meta,
    },
    { newStream: true },
  );
  return { token, maxAgeSeconds: firstTtl(ctx) };
};

/** Rotates the refresh token; a rotated token presented again revokes the whole session (reuse detection). */
export const refreshSession = async (
  ctx: IdentityContext,
  presented: RefreshToken | null,
  meta: CommandMeta,
): Promise<IssuedRefreshToken & { account: RegisteredAccount; sessionId: string }> => {
  if (!presented) throw sessionEnded();
  await refuseSuspendedSession(ctx, presented.familyId);
  if (await endedByPasswordChange(ctx, presented.familyId)) throw sessionEnded();
  const next = newRefreshToken(presented.familyId);
  const { events, state } = await handleCommand(
    ctx.platform.eventStore,
    sessionStream(presented.familyId),
    sessionDecider,
    { type: 'RefreshSession', data: { presented_hash: hashRefreshSecret(presented.secret), new_hash: next.hash, ttl_seconds: ttlSeconds(ctx), max_age_seconds: maxAgeSeconds(ctx) }, metadata: meta },
  );
  if (events.some((e) => e.type === 'SessionReuseDetected')) {
    throw refuse('unauthenticated', 'SESSION_REUSED', 'This session was ended because an old sign-in token was used again. Sign in again.');
  }
  if (state.status !== 'active') throw sessionEnded();
  const account = await loadAccount(ctx.platform.eventStore, state.accountId);
  if (!account) throw sessionEnded();
  refuseIfSuspended(account);
  // The cookie lives no longer than the session may.
  const left = Math.max(1, Math.floor((Date.parse(state.expiresAt) - meta.now.getTime()) / 1000));
  return { token: next.token, maxAgeSeconds: Math.min(ttlSeconds(ctx), left), account, sessionId: presented.familyId };
};

/** A session of a suspended account is told so (its holder knows the account: the cookie proves it). */
const refuseSuspendedSession = async (ctx: IdentityContext, sessionId: string): Promise<void> => {
  const { state } = await loadStream(ctx.platform.eventStore, sessionStream(sessionId), sessionDecider);
  if (state.status === 'none') return;
  const account = await loadAccount(ctx.platform.eventStore, state.accountId);
  if (account) refuseIfSuspended(account);
};

/**
 * Ends the session the token belongs to; nothing to do without a valid token. The account records the sign-out, which
 * moves its session version on: access tokens issued before are refused at once (the other devices refresh).
 */
export const endSession = async (ctx: IdentityContext, presented: RefreshToken | null, meta: CommandMeta): Promise<void> => {
  if (!presented) return;
  const { events, state } = await handleCommand(
    ctx.platform.eventStore,
    sessionStream(presented.familyId),
    sessionDecider,
    { type: 'EndSession', data: { presented_hash: hashRefreshSecret(presented.secret) }, metadata: meta },
    { retries: 1 },
  );
  if (state.status === 'none' || !events.some((e) => e.type === 'SessionEnded')) return;
  await handleCommand(ctx.platform.eventStore, accountStream(state.accountId), accountDecider, { type: 'RecordSignOut', data: { session_id: state.sessionId }, metadata: meta }, { retries: 2 });
};

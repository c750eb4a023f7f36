import type { Profile } from '@acpg/contracts/account';
import { DEFAULT_TIME_ZONE } from '@acpg/contracts/time-zones';
import { handleCommand, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import type { RefreshToken } from '../../../platform/auth/refresh-cookie.ts';
import { loadAccount, type RegisteredAccount } from '../accounts.ts';
import { accountDecider, accountStream } from '../account/decider.ts';
import type { IdentityContext } from '../context.ts';
import { assertPasswordAllowed } from '../password-reset/flow.ts';
import { deleteProfilePhoto, photoSources, storeProfilePhoto } from './photo.ts';
import { refuseAccount } from './refuse.ts';
import { liveSessionId } from './sessions.ts';
import { assertStepUp } from './step-up.ts';

export const signedInAccount = async (ctx: IdentityContext, accountId: string): Promise<RegisteredAccount> => {
  const account = await loadAccount(ctx.platform.eventStore, accountId);
  if (!account) throw refuseAccount('unauthenticated', 'SESSION_ENDED', 'Your session has ended. Sign in again.');
  return account;
};

export const profileOf = (account: RegisteredAccount): Profile => ({
  id: account.id,
  full_name: account.fullName,
  email: account.email,
  phone_masked: account.phoneMasked,
  role: account.roles,
  ...photoSources(account.photo),
  brokerage_name: account.brokerageName ?? null,
  time_zone: account.timeZone ?? DEFAULT_TIME_ZONE,
});

const change = async (ctx: IdentityContext, accountId: string, command: Parameters<typeof accountDecider.decide>[0]) => {
  const { state } = await handleCommand(ctx.platform.eventStore, accountStream(accountId), accountDecider, command, { retries: 2 });
  if (state.status !== 'registered') throw refuseAccount('unauthenticated', 'SESSION_ENDED', 'Your session has ended. Sign in again.');
  return profileOf(state);
};

export const changeName = async (ctx: IdentityContext, accountId: string, fullName: string, meta: CommandMeta) => {
  await signedInAccount(ctx, accountId);
  return change(ctx, accountId, { type: 'ChangeName', data: { full_name: fullName }, metadata: meta });
};

/** An Agent's or a Broker's brokerage renamed (400 BROKERAGE_NOT_ALLOWED for any other role). */
export const changeBrokerage = async (ctx: IdentityContext, accountId: string, brokerageName: string, meta: CommandMeta) => {
  await signedInAccount(ctx, accountId);
  return change(ctx, accountId, { type: 'ChangeBrokerage', data: { brokerage_name: brokerageName }, metadata: meta });
};

/** The zone the account's emails, texts and documents are dated in (checked by the route: `TimeZoneName`). */
export const changeTimeZone = async (ctx: IdentityContext, accountId: string, timeZone: string, meta: CommandMeta) => {
  await signedInAccount(ctx, accountId);
  return change(ctx, accountId, { type: 'SetTimeZone', data: { time_zone: timeZone }, metadata: meta });
};

/**
 * The browser's zone sent with a sign-in or sign-up code (`time_zone`, checked by the route): kept on the account before
 * its session starts, so the new-sign-in email is already dated in it. Absent (an older client, a script) keeps the
 * account's zone, `DEFAULT_TIME_ZONE` when it never had one; the same zone again records nothing.
 */
export const keepBrowserTimeZone = async (ctx: IdentityContext, accountId: string, timeZone: string | undefined, meta: CommandMeta): Promise<void> => {
  if (timeZone === undefined) return;
  await handleCommand(ctx.platform.eventStore, accountStream(accountId), accountDecider, { type: 'SetTimeZone', data: { time_zone: timeZone }, metadata: meta }, { retries: 2 });
};

/** Stores the new photo's widths, records it, then deletes the previous photo's files. */
export const changePhoto = async (ctx: IdentityContext, accountId: string, data: string, meta: CommandMeta) => {
  const before = await signedInAccount(ctx, accountId);
  const photo = await storeProfilePhoto(ctx.platform.files, data);
  let profile: Profile;
  try {
    const sources = photoSources(photo);
    profile = await change(ctx, accountId, {
      type: 'ChangePhoto',
      data: { photo_id: photo.photoId, widths: photo.widths, profile_img: sources.profile_img ?? '' },
      metadata: meta,
    });
  } catch (error) {
    await deleteProfilePhoto(ctx.platform.files, photo);
    throw error;
  }
  if (before.photo) await removeFiles(ctx, before.photo);
  return profile;
};

export const removePhoto = async (ctx: IdentityContext, accountId: string, meta: CommandMeta) => {
  const before = await signedInAccount(ctx, accountId);
  const profile = await change(ctx, accountId, { type: 'RemovePhoto', data: {}, metadata: meta });
  if (before.photo) await removeFiles(ctx, before.photo);
  return profile;
};

// The event is the record; a file left behind costs space, not correctness, so a failure here is logged only.
const removeFiles = async (ctx: IdentityContext, photo: { photoId: string; widths: number[] }) => {
  await deleteProfilePhoto(ctx.platform.files, photo).catch((error: unknown) => ctx.platform.log.warn({ err: error, photoId: photo.photoId }, 'old profile photo not deleted'));
};

/**
 * A new password for a signed-in user, who proves it is them with the current one. Every other session ends; the
 * one whose refresh cookie came with the request is kept.
 */
export const changePassword = async (
  ctx: IdentityContext,
  accountId: string,
  body: { current_password: string; new_password: string },
  presented: RefreshToken | null,
  meta: CommandMeta,
) => {
  const account = await signedInAccount(ctx, accountId);
  assertPasswordAllowed(body.new_password, 'new_password');
  await assertStepUp(ctx, account, body.current_password, meta);
  const passwordHash = await ctx.passwords.hash(body.new_password, 'signed-in');
  const kept = await liveSessionId(ctx, account.id, presented?.familyId ?? null);
  const profile = await change(ctx, accountId, { type: 'SetPassword', data: { password_hash: passwordHash, reason: 'password-change', kept_session_id: kept }, metadata: meta });
  return profile;
};

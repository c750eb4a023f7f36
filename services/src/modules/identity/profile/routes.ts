import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangePasswordBody, ContactChangeSent, EmailChangeBody, PhoneChangeBody, Profile, ProfilePhotoBody, PROFILE_IMAGE_WIDTHS, UpdateProfileBody, BrokerageBody,
  VerifyContactChangeBody, UndoContactChangeBody, UndoContactChangeResult,
} from '@acpg/contracts/account';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { OTP_RULES } from '@acpg/contracts/identity';
import { TimeZoneBody } from '@acpg/contracts/time-zones';
import { MAX_IMAGE_BYTES } from '@acpg/contracts/uploads';
import { readRefreshCookie } from '../../../platform/auth/refresh-cookie.ts';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { callerOf } from '../../../platform/http/caller.ts';
import type { Platform } from '../../../platform/module.ts';
import { identityContext } from '../context.ts';
import { requestContactChange, verifyContactChange } from './contact-change/flow.ts';
import { undoContactChange } from './contact-change/undo.ts';
import { changeBrokerage, changeName, changeTimeZone, changePassword, changePhoto, profileOf, removePhoto, signedInAccount } from './flow.ts';
import { photoKey } from './photo.ts';

const tags = ['account'];
const security = [{ bearer: [] }];
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorEnvelope]));
const signedIn = { capability: 'account' } as const;
const codeLimit = { max: 20, timeWindow: '1 minute' };
const passwordLimit = { max: 10, timeWindow: '1 minute' };
// base64 is 4/3 of the bytes, plus the JSON around it.
const PHOTO_BODY_LIMIT = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 64 * 1024;

const ok = <T>(data: T, message?: string) => ({ success: true as const, data, ...(message ? { message } : {}) });

/** `/user-update-profile`: the signed-in user's name, photo, email and phone (confirmed by a code to the new one), password. */
export const profileRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const ctx = await identityContext(platform);

    app.get(
      '/account/profile',
      { config: { auth: signedIn }, schema: { tags, security, summary: 'My profile', response: { 200: okEnvelope(Profile), ...errors(401) } } },
      async (request) => ok(profileOf(await signedInAccount(ctx, callerOf(request).userId))),
    );

    app.put(
      '/account/profile',
      {
        config: { auth: signedIn },
        schema: { tags, security, summary: 'Change my full name', body: UpdateProfileBody, response: { 200: okEnvelope(Profile), ...errors(400, 401, 409) } },
      },
      async (request) => ok(await changeName(ctx, callerOf(request).userId, request.body.full_name, requestMeta(request, platform)), 'Your profile was saved.'),
    );

    app.put(
      '/account/profile/brokerage',
      {
        config: { auth: signedIn },
        schema: {
          tags,
          security,
          summary: "Change my brokerage (an Agent's or a Broker's; shown on the NHD orders I place from now on)",
          description: '400 VALIDATION_FAILED for an empty or too long name; 400 BROKERAGE_NOT_ALLOWED for a role that works for no brokerage.',
          body: BrokerageBody,
          response: { 200: okEnvelope(Profile), ...errors(400, 401, 409) },
        },
      },
      async (request) => ok(await changeBrokerage(ctx, callerOf(request).userId, request.body.brokerage_name, requestMeta(request, platform)), 'Your brokerage was saved.'),
    );

    app.put(
      '/account/profile/time-zone',
      {
        config: { auth: signedIn },
        schema: {
          tags,
          security,
          summary: 'Change my time zone (the dates of the emails, texts and documents I get)',
          description:
            'Body `{ time_zone }`: an IANA zone name (`Intl.supportedValuesOf("timeZone")`, e.g. America/New_York). 400 VALIDATION_FAILED ' +
            'naming `time_zone` for an unknown zone (nothing changes). The same zone again records nothing. Sign-in and sign-up also ' +
            'send the browser’s zone (`time_zone` in their verify bodies).',
          body: TimeZoneBody,
          response: { 200: okEnvelope(Profile), ...errors(400, 401, 409) },
        },
      },
      async (request) => ok(await changeTimeZone(ctx, callerOf(request).userId, request.body.time_zone, requestMeta(request, platform)), 'Your time zone was saved.'),
    );

    app.put(
      '/account/profile/photo',
      {
        bodyLimit: PHOTO_BODY_LIMIT,
        config: { auth: signedIn },
        schema: {
          tags,
          security,
          summary: 'Change my photo',
          description:
            'Body `{ data: "<base64 or data: URL>" }`: a JPEG, PNG or WebP image of at most 5 MB, checked by its content. ' +
            `Stored square at the widths ${PROFILE_IMAGE_WIDTHS.join(', ')} (up to its own size) as WebP, quality 75, without ` +
            'metadata; answered as `profile_img` and `profile_img_srcset`. 400 VALIDATION_FAILED naming `data` (not an accepted image, too large), ' +
            '400 PHOTO_REFUSED (unreadable or smaller than 16 px), 413 over the body limit.',
          body: ProfilePhotoBody,
          response: { 200: okEnvelope(Profile), ...errors(400, 401, 409, 413) },
        },
      },
      async (request) => ok(await changePhoto(ctx, callerOf(request).userId, request.body.data, requestMeta(request, platform)), 'Your photo was saved.'),
    );

    app.delete(
      '/account/profile/photo',
      { config: { auth: signedIn }, schema: { tags, security, summary: 'Remove my photo', response: { 200: okEnvelope(Profile), ...errors(401, 409) } } },
      async (request) => ok(await removePhoto(ctx, callerOf(request).userId, requestMeta(request, platform)), 'Your photo was removed.'),
    );

    app.get(
      '/profile-photos/:photo_id/:width',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          summary: 'One width of a profile photo (WebP)',
          description: 'Public (an <img> sends no token); photo ids are random UUIDs. Cached for a year: a new photo gets a new id.',
          params: z.object({ photo_id: z.uuid(), width: z.coerce.number().int().refine((w) => (PROFILE_IMAGE_WIDTHS as readonly number[]).includes(w), 'not a profile image width') }),
        },
      },
      async (request, reply) => {
        const file = await platform.files.get(photoKey(request.params.photo_id, request.params.width));
        if (!file) throw notFound('This photo was not found.');
        return reply.type(file.contentType).header('cache-control', 'public, max-age=31536000, immutable').send(file.bytes);
      },
    );

    for (const channel of ['email', 'phone'] as const) {
      const what = channel === 'email' ? 'email' : 'phone number';
      app.post(
        `/account/${channel}-change`,
        {
          config: { auth: signedIn, rateLimit: codeLimit },
          schema: {
            tags,
            security,
            summary: `Change my ${what}: send a code to the new one`,
            description:
              `Step-up first: \`current_password\` is required (400 STEP_UP_REQUIRED without it, 400 PASSWORD_INCORRECT when wrong; ` +
              `a wrong one counts toward the account's sign-in failure budget). ` +
              `Sends a 6-digit code (10 minutes) to the new ${what}; nothing changes until it is confirmed. Whether another account ` +
              `uses it is not answered here (the code is sent all the same): confirming the code refuses a taken one. ` +
              `400 SAME_AS_CURRENT${channel === 'phone' ? ', PHONE_COUNTRY_NOT_ALLOWED (outside SMS_ALLOWED_COUNTRIES)' : ''}; ` +
              `429 OTP_RESEND_TOO_SOON (60 s), OTP_HOURLY_LIMIT (5 an hour), OTP_DAILY_LIMIT (${OTP_RULES.maxSendsPerAccountPerDay} codes a day for the account)` +
              `${channel === 'phone' ? ', SMS_BUDGET_EXHAUSTED (the platform\'s text budget)' : ''}.`,
            body: channel === 'email' ? EmailChangeBody : PhoneChangeBody,
            response: { 200: okEnvelope(ContactChangeSent), ...errors(400, 401, 429) },
          },
        },
        async (request) => {
          const body = request.body as { email?: string; phone?: string; current_password?: string };
          const destination = (channel === 'email' ? body.email : body.phone) ?? '';
          const change = { channel, destination, currentPassword: body.current_password };
          const sent = await requestContactChange(ctx, callerOf(request).userId, change, requestMeta(request, platform));
          return ok(sent, `We sent a code to ${sent.masked_destination}.`);
        },
      );

      app.post(
        `/account/${channel}-change/verify`,
        {
          config: { auth: signedIn, rateLimit: codeLimit },
          schema: {
            tags,
            security,
            summary: `Change my ${what}: confirm with the code`,
            description:
              `Changes the ${what} (kept unique across accounts) and ends every other session of the account (the caller's stays; ` +
              `its access token is refused from now on: refresh it). The old ${what === 'email' ? 'email' : 'contact'} is told, with a link that undoes the change. 400 OTP_INCORRECT (tries left in the message), 400 CHANGE_LOCKED on ` +
              `the 5th wrong code; 404 CHANGE_NOT_FOUND; 409 ${channel === 'email' ? 'EMAIL_TAKEN' : 'PHONE_TAKEN'} (another account uses it; the code stays valid for nothing else); ` +
              '409 OTP_IN_USE (the right code is being used by another request this moment: no code is compared, no try counted), ' +
              '409 CONFLICT (another try came at the same moment: this code was not counted); 410 OTP_EXPIRED, CHANGE_LOCKED, CHANGE_USED. ' +
              'A right code is used up before the change is applied, so two requests with it change the account once.',
            body: VerifyContactChangeBody,
            response: { 200: okEnvelope(Profile), ...errors(400, 401, 404, 409, 410, 429) },
          },
        },
        async (request) => {
          const caller = callerOf(request);
          const accountId = caller.userId;
          await verifyContactChange(ctx, { accountId, sessionId: caller.sessionId ?? null }, request.body, requestMeta(request, platform));
          return ok(profileOf(await signedInAccount(ctx, accountId)), `Your ${what} was changed.`);
        },
      );
    }

    app.post(
      '/account/contact-change/undo',
      {
        config: { auth: 'public', rateLimit: codeLimit },
        schema: {
          tags,
          summary: 'Undo an email or phone change (the link in the notice to the old address)',
          description:
            'Public: the link is the proof (`change` and `token` from it). Puts the previous email or phone back (`restored` false when ' +
            'another account took it since), releases the new one, ends every session of the account (refresh and access tokens), ' +
            'and asks for a password reset. The link works once, for CONTACT_UNDO_DAYS (7 by default) after the change. ' +
            '404 UNDO_NOT_FOUND (not a valid link); 410 UNDO_USED, UNDO_EXPIRED.',
          body: UndoContactChangeBody,
          response: { 200: okEnvelope(UndoContactChangeResult), ...errors(400, 404, 410, 429) },
        },
      },
      async (request) =>
        ok(
          await undoContactChange(ctx, request.body, requestMeta(request, platform)),
          'The change was undone and every device was signed out. Reset your password now: whoever made the change knew it.',
        ),
    );

    app.post(
      // Under /auth: the refresh cookie (path /api/v1/auth) names the session to keep.
      '/auth/change-password',
      {
        config: { auth: signedIn, rateLimit: passwordLimit },
        schema: {
          tags,
          security,
          summary: 'Change my password (asks the current one)',
          description:
            'Sets the new password (8 to 128 characters, not a common one) and ends every other session of the account; the ' +
            "caller's session (its refresh cookie) stays. 400 PASSWORD_INCORRECT (current password), 400 PASSWORD_REFUSED.",
          body: ChangePasswordBody,
          response: { 200: okEnvelope(Profile), ...errors(400, 401, 409, 429) },
        },
      },
      async (request) =>
        ok(await changePassword(ctx, callerOf(request).userId, request.body, readRefreshCookie(request), requestMeta(request, platform)), 'Your password was changed. Other devices were signed out.'),
    );
  };

import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { ChangeBeneficiariesBody, ChangeFaceSignatureBody, ChangeMailingAddressBody, ChangePinBody, MemberData, MemberImage, PIN_RULES } from '@acpg/contracts/member-data';
import { ChangePayoutDetailsBody, RevealedBankAccount, RevealPayoutDetailsBody } from '@acpg/contracts/payout-details';
import { MAX_IMAGE_BYTES } from '@acpg/contracts/uploads';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import { callerOf } from '../../../platform/http/caller.ts';
import { AppError } from '../../../platform/http/errors.ts';
import type { Platform } from '../../../platform/module.ts';
import { loadAccount } from '../accounts.ts';
import { identityContext } from '../context.ts';
import { changeBeneficiaries, changeFaceSignature, changeMailingAddress, changePayoutDetails, changePin, memberDataOf, memberImage, revealPayoutDetails } from './flow.ts';

const tags = ['account'];
const security = [{ bearer: [] }];
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorEnvelope]));
const signedIn = { capability: 'account' } as const;
// PIN tries are counted per account; this only keeps a client from hammering scrypt.
const pinLimit = { max: 20, timeWindow: '1 minute' };
// Two images in base64 (4/3 of the bytes), plus the JSON around them.
const IMAGES_BODY_LIMIT = Math.ceil((2 * MAX_IMAGE_BYTES * 4) / 3) + 64 * 1024;
const PIN_WORDS =
  `400 PIN_INCORRECT (the message gives the tries left); after ${PIN_RULES.maxWrongTries} wrong PINs in a row the PIN is locked ` +
  `${PIN_RULES.lockSeconds / 60} minutes: 429 PIN_LOCKED with \`retry_after_seconds\`.`;

const ok = <T>(data: T, message?: string) => ({ success: true as const, data, ...(message ? { message } : {}) });

/** My Account: what the member gave at sign-up (beneficiaries, mailing address, face and signature, PIN), seen and changed by its owner only. */
export const memberDataRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const ctx = await identityContext(platform);

    app.get(
      '/account/data',
      {
        config: { auth: signedIn },
        schema: {
          tags,
          security,
          summary: 'What we hold about me: beneficiaries, mailing address, face and signature, PIN, payout details',
          description:
            'The caller\'s own, decrypted; null where nothing was given yet. The PIN itself is never answered, only when it was set. ' +
            'Payout details are masked: a bank account only as its last 4 digits (the full numbers are kept encrypted and shown only to the Super Admin who pays a claim).',
          response: { 200: okEnvelope(MemberData), ...errors(401) },
        },
      },
      async (request) => ok(await memberDataOf(ctx, callerOf(request).userId)),
    );

    app.get(
      '/account/face-signature/:image',
      {
        config: { auth: signedIn },
        schema: {
          tags,
          security,
          summary: 'My face photo or signature (the image)',
          description: 'The caller\'s own image as stored (JPEG, PNG or WebP), never cached. Refusals are JSON: 401; 404 IMAGE_NOT_FOUND when none is on file.',
          params: z.object({ image: MemberImage }),
          // No response schema: the answer is the image's bytes (a Buffer is sent as it is, never serialized).
        },
      },
      async (request, reply) => {
        const file = await memberImage(ctx, callerOf(request).userId, request.params.image);
        if (!file) throw new AppError(404, 'IMAGE_NOT_FOUND', request.params.image === 'face' ? 'No face photo is on file.' : 'No signature is on file.');
        return reply.type(file.contentType).header('cache-control', 'private, no-store').send(file.bytes);
      },
    );

    app.put(
      '/account/beneficiaries',
      {
        config: { auth: signedIn, rateLimit: pinLimit },
        schema: {
          tags,
          security,
          summary: 'Change my beneficiaries (asks my PIN)',
          description: `The whole list, shares adding up to 100, and the security PIN. 409 PIN_NOT_SET. ${PIN_WORDS}`,
          body: ChangeBeneficiariesBody,
          response: { 200: okEnvelope(MemberData), ...errors(400, 401, 409, 429) },
        },
      },
      async (request) => ok(await changeBeneficiaries(ctx, callerOf(request).userId, request.body, requestMeta(request, platform)), 'Your beneficiaries were saved.'),
    );

    app.put(
      '/account/mailing-address',
      {
        config: { auth: signedIn },
        schema: {
          tags,
          security,
          summary: 'Change my mailing address',
          description: 'When my reimbursements are paid by mailed check, the check goes to the new address from now on.',
          body: ChangeMailingAddressBody, response: { 200: okEnvelope(MemberData), ...errors(400, 401, 409) },
        },
      },
      async (request) => ok(await changeMailingAddress(ctx, callerOf(request).userId, request.body, requestMeta(request, platform)), 'Your mailing address was saved.'),
    );

    app.put(
      '/account/face-signature',
      {
        bodyLimit: IMAGES_BODY_LIMIT,
        config: { auth: signedIn },
        schema: {
          tags,
          security,
          summary: 'Change my face photo, my signature, or both',
          description: 'Each `{ data: "<base64 or data: URL>" }`: a JPEG, PNG or WebP image of at most 5 MB, checked by its content; kept encrypted. 400 VALIDATION_FAILED naming the field.',
          body: ChangeFaceSignatureBody,
          response: { 200: okEnvelope(MemberData), ...errors(400, 401, 409, 413) },
        },
      },
      async (request) => ok(await changeFaceSignature(ctx, callerOf(request).userId, request.body, requestMeta(request, platform)), 'Saved.'),
    );

    app.put(
      '/account/pin',
      {
        config: { auth: signedIn, rateLimit: pinLimit },
        schema: {
          tags,
          security,
          summary: 'Set or change my security PIN (asks the current one)',
          description: `The new PIN: 4 to 6 digits, not an easy one (1234, 0000, 1212 ...). \`current_pin\` is required once a PIN is set. ${PIN_WORDS}`,
          body: ChangePinBody,
          response: { 200: okEnvelope(MemberData), ...errors(400, 401, 409, 429) },
        },
      },
      async (request) => ok(await changePin(ctx, callerOf(request).userId, request.body, requestMeta(request, platform)), 'Your PIN was changed.'),
    );

    app.put(
      '/account/payout-details',
      {
        config: { auth: signedIn, rateLimit: pinLimit },
        schema: {
          tags,
          security,
          summary: 'Set or change how my reimbursements are paid (asks my PIN)',
          description:
            '`method: "direct_deposit"` with `account_holder`, `routing_number` (9 digits, ABA checksum), `account_number` (4 to 17 digits), ' +
            '`account_type` (checking or savings) and an optional `bank_name`; or `method: "check"`, mailed to the mailing address on file. ' +
            'The routing and account numbers are kept encrypted; answers and events carry only the last 4 digits of the account number. The member is emailed. ' +
            `400 VALIDATION_FAILED naming the field; 409 PIN_NOT_SET; 409 MAILING_ADDRESS_REQUIRED (a check with no mailing address). ${PIN_WORDS}`,
          body: ChangePayoutDetailsBody,
          response: { 200: okEnvelope(MemberData), ...errors(400, 401, 409, 429) },
        },
      },
      async (request) => ok(await changePayoutDetails(ctx, callerOf(request).userId, request.body, requestMeta(request, platform)), 'Your payout details were saved.'),
    );

    app.post(
      '/admin/accounts/:account_id/payout-details/reveal',
      {
        config: { auth: { capability: 'payments.oversee' } },
        schema: {
          tags,
          security,
          summary: 'Show a member\'s full bank numbers to pay a claim (Super Admin; recorded)',
          description:
            'With a required `reason`. Answers the account holder, bank name, routing and account numbers and account type, never cached; ' +
            'records `MemberPayoutDetailsRevealed` (who, when, why) on the member\'s `identity-memberdata-<id>` stream first. ' +
            '400 VALIDATION_FAILED (no reason); 401; 403 (not a Super Admin); 404 ACCOUNT_NOT_FOUND; ' +
            '409 NO_DIRECT_DEPOSIT (no payout details, or a check); 409 BANK_DETAILS_NOT_KEPT (saved before the full numbers were kept).',
          params: z.object({ account_id: z.string().min(1).max(200) }),
          body: RevealPayoutDetailsBody,
          response: { 200: okEnvelope(RevealedBankAccount), ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const { account_id } = request.params;
        if (!(await loadAccount(platform.eventStore, account_id))) throw new AppError(404, 'ACCOUNT_NOT_FOUND', 'No account has this id.');
        const revealed = await revealPayoutDetails(ctx, account_id, callerOf(request).userId, request.body.reason, requestMeta(request, platform));
        void reply.header('cache-control', 'private, no-store');
        return ok(revealed, 'The bank details are shown; this was recorded.');
      },
    );
  };

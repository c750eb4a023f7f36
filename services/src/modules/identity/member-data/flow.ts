import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  PIN_RULES, type ChangeBeneficiariesBody, type ChangeFaceSignatureBody, type ChangeMailingAddressBody, type ChangePinBody, type MemberData,
  type MemberImage,
} from '@acpg/contracts/member-data';
import { last4, type ChangePayoutDetailsBody, type RevealedBankAccount } from '@acpg/contracts/payout-details';
import { Beneficiary, MailingAddress } from '@acpg/contracts/sign-up';
import { handleCommand, loadStream, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import { CODE_TRY_RETRIES } from '../code-claim.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import type { StoredFile } from '../../../platform/files/port.ts';
import { readUpload } from '../../../platform/uploads/read-upload.ts';
import type { IdentityContext } from '../context.ts';
import { signUpStream } from '../sign-up/decider.ts';
import { signUpField } from '../sign-up/events.ts';
import { assertPinNotLocked, memberDataDecider, memberDataField, memberDataStream, type MemberDataEvent, type MemberDataState, type PinCheck } from './decider.ts';

/** What the sign-up stored (its own stream), the latest of each step; a later change on My Account wins over it. */
interface SignUpData {
  pin: { hash: string; at: string } | null;
  beneficiaries: { encrypted: string; at: string } | null;
  mailingAddress: { encrypted: string; at: string } | null;
  faceSignature: { face: string; signature: string; at: string } | null;
}

const PinSet = z.object({ pin_hash: z.string(), at: z.string() });
const BeneficiariesSaved = z.object({ beneficiaries_encrypted: z.string(), saved_at: z.string() });
const AddressSaved = z.object({ address_encrypted: z.string(), saved_at: z.string() });
const FaceSignatureSaved = z.object({ face_file: z.string(), signature_file: z.string(), saved_at: z.string() });

const signUpData = async (ctx: IdentityContext, accountId: string): Promise<SignUpData> => {
  const data: SignUpData = { pin: null, beneficiaries: null, mailingAddress: null, faceSignature: null };
  for (const event of await ctx.platform.eventStore.readStream(signUpStream(accountId))) {
    if (event.type === 'SignUpPinSet') {
      const d = PinSet.parse(event.data);
      data.pin = { hash: d.pin_hash, at: d.at };
    } else if (event.type === 'SignUpBeneficiariesSaved') {
      const d = BeneficiariesSaved.parse(event.data);
      data.beneficiaries = { encrypted: d.beneficiaries_encrypted, at: d.saved_at };
    } else if (event.type === 'SignUpMailingAddressSaved') {
      const d = AddressSaved.parse(event.data);
      data.mailingAddress = { encrypted: d.address_encrypted, at: d.saved_at };
    } else if (event.type === 'SignUpFaceSignatureSaved') {
      const d = FaceSignatureSaved.parse(event.data);
      data.faceSignature = { face: d.face_file, signature: d.signature_file, at: d.saved_at };
    }
  }
  return data;
};

/** The newer of the sign-up's value and My Account's, with where it came from (its encryption context differs). */
const newer = <T extends { at: string }>(signUp: T | null, changed: T | null): { value: T; from: 'sign-up' | 'account' } | null => {
  if (changed && (!signUp || changed.at >= signUp.at)) return { value: changed, from: 'account' };
  return signUp ? { value: signUp, from: 'sign-up' } : null;
};

interface Current {
  state: MemberDataState;
  signUp: SignUpData;
  pin: { hash: string; at: string } | null;
}

const current = async (ctx: IdentityContext, accountId: string): Promise<Current> => {
  const [{ state }, signUp] = await Promise.all([loadStream(ctx.platform.eventStore, memberDataStream(accountId), memberDataDecider), signUpData(ctx, accountId)]);
  return { state, signUp, pin: newer(signUp.pin, state.pin)?.value ?? null };
};

const StoredAddress = z.object({ address: MailingAddress });
const StoredBeneficiaries = z.array(Beneficiary);

/** `GET /account/data`: the caller's own data, decrypted. */
export const memberDataOf = async (ctx: IdentityContext, accountId: string): Promise<MemberData> => {
  const { state, signUp, pin } = await current(ctx, accountId);
  const decrypt = (encrypted: string, from: 'sign-up' | 'account', field: 'mailing-address' | 'beneficiaries') =>
    JSON.parse(ctx.cipher.decrypt(encrypted, from === 'account' ? memberDataField(accountId, field) : signUpField(accountId, field))) as unknown;

  const beneficiaries = newer(signUp.beneficiaries, state.beneficiaries);
  const address = newer(signUp.mailingAddress, state.mailingAddress);
  const face = newer(signUp.faceSignature && { file: signUp.faceSignature.face, at: signUp.faceSignature.at }, state.face);
  const signature = newer(signUp.faceSignature && { file: signUp.faceSignature.signature, at: signUp.faceSignature.at }, state.signature);
  const imagesAt = [face?.value.at, signature?.value.at].filter((at): at is string => at !== undefined).sort().at(-1);
  const now = ctx.platform.clock().toISOString();
  return {
    beneficiaries: beneficiaries
      ? { list: StoredBeneficiaries.parse(decrypt(beneficiaries.value.encrypted, beneficiaries.from, 'beneficiaries')), changed_at: beneficiaries.value.at }
      : null,
    mailing_address: address ? { address: StoredAddress.parse(decrypt(address.value.encrypted, address.from, 'mailing-address')).address, changed_at: address.value.at } : null,
    face_signature: imagesAt ? { face: face !== null, signature: signature !== null, changed_at: imagesAt } : null,
    pin: pin ? { set_at: pin.at, locked_until: state.lockedUntil && state.lockedUntil > now ? state.lockedUntil : null } : null,
    payout_details: state.payout ? { details: state.payout.details, changed_at: state.payout.at } : null,
  };
};

/** The stored face photo or signature of the caller, decrypted; null when none is on file. */
export const memberImage = async (ctx: IdentityContext, accountId: string, which: MemberImage): Promise<StoredFile | null> => {
  const { state, signUp } = await current(ctx, accountId);
  const fromSignUp = signUp.faceSignature && { file: which === 'face' ? signUp.faceSignature.face : signUp.faceSignature.signature, at: signUp.faceSignature.at };
  const file = newer(fromSignUp, which === 'face' ? state.face : state.signature)?.value.file;
  return file ? ctx.platform.files.get(file) : null;
};

/** Compares the PIN typed with the current one (scrypt), once the lock was checked: a locked PIN is not even compared. */
const checkPin = async (ctx: IdentityContext, now: Current, typed: string | undefined, meta: CommandMeta): Promise<PinCheck> => {
  assertPinNotLocked(now.state, meta.now.toISOString());
  if (!now.pin) return 'not_set';
  if (typed === undefined) return 'wrong';
  return (await ctx.passwords.verify(typed, now.pin.hash, 'signed-in')) ? 'correct' : 'wrong';
};

/** After a command that may have counted a wrong PIN: the refusal with the tries left (the count is recorded). */
const refuseIfRejected = (events: readonly MemberDataEvent[], field: 'pin' | 'current_pin') => {
  const rejected = events.find((e) => e.type === 'MemberPinRejected');
  if (rejected?.type !== 'MemberPinRejected') return;
  const left = rejected.data.tries_left;
  const message =
    left === 0 ? `The PIN is incorrect. No tries are left: try again in ${PIN_RULES.lockSeconds / 60} minutes.` : `The PIN is incorrect. ${left} ${left === 1 ? 'try' : 'tries'} left.`;
  throw new DomainError('invalid', 'PIN_INCORRECT', message, [{ path: field, message }]);
};

/**
 * Decides and records a change with the PIN's verdict at the stream's version: a wrong PIN is counted, and the lock is
 * checked again on the newest state, so a right PIN compared before parallel wrong ones locked it changes nothing.
 * A try that lost the race is decided again (CODE_TRY_RETRIES): parallel tries are answered one by one, at most 5 counted.
 */
const run = async (ctx: IdentityContext, accountId: string, command: Parameters<typeof memberDataDecider.decide>[0]) => {
  const { events } = await handleCommand(ctx.platform.eventStore, memberDataStream(accountId), memberDataDecider, command, { retries: CODE_TRY_RETRIES });
  refuseIfRejected(events, command.type === 'ChangePin' ? 'current_pin' : 'pin');
};

export const changeBeneficiaries = async (ctx: IdentityContext, accountId: string, body: ChangeBeneficiariesBody, meta: CommandMeta): Promise<MemberData> => {
  const now = await current(ctx, accountId);
  const pin = await checkPin(ctx, now, body.pin, meta);
  const beneficiaries_encrypted = ctx.cipher.encrypt(JSON.stringify(body.beneficiaries), memberDataField(accountId, 'beneficiaries'));
  await run(ctx, accountId, { type: 'ChangeBeneficiaries', data: { account_id: accountId, count: body.beneficiaries.length, beneficiaries_encrypted, pin }, metadata: meta });
  return memberDataOf(ctx, accountId);
};

export const changeMailingAddress = async (ctx: IdentityContext, accountId: string, body: ChangeMailingAddressBody, meta: CommandMeta): Promise<MemberData> => {
  const address_encrypted = ctx.cipher.encrypt(JSON.stringify({ address: body.address }), memberDataField(accountId, 'mailing-address'));
  await run(ctx, accountId, { type: 'ChangeMailingAddress', data: { account_id: accountId, address_encrypted, address: body.address }, metadata: meta });
  return memberDataOf(ctx, accountId);
};

/** What `MemberBankAccountStored` holds, encrypted under the account's `bank-account` context. */
const StoredBank = z.object({ routing_number: z.string(), account_number: z.string() });

/**
 * Direct deposit or a mailed check, with the PIN (the beneficiaries' rule and lockout). The routing and account numbers
 * leave this function only encrypted; in clear, only the last 4 digits of the account number go further.
 */
export const changePayoutDetails = async (ctx: IdentityContext, accountId: string, body: ChangePayoutDetailsBody, meta: CommandMeta): Promise<MemberData> => {
  const now = await current(ctx, accountId);
  const pin = await checkPin(ctx, now, body.pin, meta);
  const request =
    body.method === 'direct_deposit'
      ? { method: body.method, account_holder: body.account_holder, bank_name: body.bank_name?.trim() || null, account_type: body.account_type, account_last4: last4(body.account_number) }
      : { method: body.method };
  const bank_encrypted =
    body.method === 'direct_deposit'
      ? ctx.cipher.encrypt(JSON.stringify(StoredBank.parse({ routing_number: body.routing_number, account_number: body.account_number })), memberDataField(accountId, 'bank-account'))
      : null;
  const mailing_address = (await memberDataOf(ctx, accountId)).mailing_address?.address ?? null;
  await run(ctx, accountId, { type: 'ChangePayoutDetails', data: { account_id: accountId, request, bank_encrypted, mailing_address, pin }, metadata: meta });
  return memberDataOf(ctx, accountId);
};

/**
 * A Super Admin paying a claim sees the full bank numbers: the reveal is recorded first (`MemberPayoutDetailsRevealed`:
 * who, when, why), then the numbers it was decided on are decrypted and answered. 409 when there is no direct deposit.
 */
export const revealPayoutDetails = async (ctx: IdentityContext, accountId: string, by: string, reason: string, meta: CommandMeta): Promise<RevealedBankAccount> => {
  const { state, events } = await handleCommand(
    ctx.platform.eventStore,
    memberDataStream(accountId),
    memberDataDecider,
    { type: 'RevealPayoutDetails', data: { account_id: accountId, by, reason }, metadata: meta },
    { retries: 1 },
  );
  const details = state.payout?.details;
  const revealed = events.find((e) => e.type === 'MemberPayoutDetailsRevealed');
  if (details?.method !== 'direct_deposit' || !state.bank || revealed?.type !== 'MemberPayoutDetailsRevealed') throw new Error('A reveal was decided without bank numbers');
  const bank = StoredBank.parse(JSON.parse(ctx.cipher.decrypt(state.bank.encrypted, memberDataField(accountId, 'bank-account'))));
  return {
    account_holder: details.account_holder,
    bank_name: details.bank_name,
    routing_number: bank.routing_number,
    account_number: bank.account_number,
    account_type: details.account_type,
    revealed_at: revealed.data.at,
  };
};

/** Where a changed image lives: a new key each time, so the sign-up's file and older events keep naming their own. */
const changedFileKey = (accountId: string, which: MemberImage) => `identity/member-data/${accountId}/${which}-${randomUUID()}`;

export const changeFaceSignature = async (ctx: IdentityContext, accountId: string, body: ChangeFaceSignatureBody, meta: CommandMeta): Promise<MemberData> => {
  // Both checked by content before either is stored.
  const face = body.face ? await readUpload(body.face.data, { kinds: ['image'], field: 'face.data' }) : null;
  const signature = body.signature ? await readUpload(body.signature.data, { kinds: ['image'], field: 'signature.data' }) : null;
  const face_file = face ? changedFileKey(accountId, 'face') : null;
  const signature_file = signature ? changedFileKey(accountId, 'signature') : null;
  if (face && face_file) await ctx.platform.files.put(face_file, face.bytes, { contentType: face.contentType, encrypted: true });
  if (signature && signature_file) await ctx.platform.files.put(signature_file, signature.bytes, { contentType: signature.contentType, encrypted: true });
  await run(ctx, accountId, { type: 'ChangeFaceSignature', data: { account_id: accountId, face_file, signature_file }, metadata: meta });
  return memberDataOf(ctx, accountId);
};

/** Sets the first PIN, or changes it with the current one; the new one is hashed (scrypt) and never kept in clear. */
export const changePin = async (ctx: IdentityContext, accountId: string, body: ChangePinBody, meta: CommandMeta): Promise<MemberData> => {
  const now = await current(ctx, accountId);
  const pin = await checkPin(ctx, now, body.current_pin, meta);
  if (pin === 'wrong' && body.current_pin === undefined) {
    throw new DomainError('invalid', 'VALIDATION_FAILED', 'Enter your current PIN.', [{ path: 'current_pin', message: 'Enter your current PIN' }]);
  }
  const pin_hash = pin === 'wrong' ? '' : await ctx.passwords.hash(body.new_pin, 'signed-in');
  await run(ctx, accountId, { type: 'ChangePin', data: { account_id: accountId, pin_hash, pin }, metadata: meta });
  return memberDataOf(ctx, accountId);
};

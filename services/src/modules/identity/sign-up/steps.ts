import type { BeneficiariesBody, FaceSignatureBody, MailingAddress, MailingAddressBody, PinBody, SignUpIntentBody, SignUpProgress } from '@acpg/contracts/sign-up';
import { handleCommand, loadStream, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { readUpload } from '../../../platform/uploads/read-upload.ts';
import type { IdentityContext } from '../context.ts';
import { signUpDecider, signUpStream, type CompletedElsewhere, type SignUpCommand } from './decider.ts';
import { signUpField } from './events.ts';
import { loadProgress, planStepDone, progressView } from './progress/view.ts';

/** Where a sign-up's images live (platform.files, encrypted at rest). */
export const signUpFileKey = (accountId: string, what: 'face' | 'signature') => `identity/sign-up/${accountId}/${what}`;

/** The steps other modules complete, as the progress read model has them (every signed-in step checks its order). */
const completedElsewhere = async (ctx: IdentityContext, accountId: string): Promise<CompletedElsewhere> => {
  const progress = await loadProgress(ctx, accountId);
  return { property: (progress?.properties.length ?? 0) > 0, plan: progress ? planStepDone(progress) : false };
};

/** Refuses a step before any work (files written, hashes made) when the account has no open sign-up. */
const assertOpen = async (ctx: IdentityContext, accountId: string, command: SignUpCommand) => {
  const { state } = await loadStream(ctx.platform.eventStore, signUpStream(accountId), signUpDecider);
  signUpDecider.decide(command, state);
};

/** Runs a step's command and answers the progress with it (the stream is folded over the read model: no lag). */
const runStep = async (ctx: IdentityContext, accountId: string, command: SignUpCommand): Promise<SignUpProgress> => {
  await handleCommand(ctx.platform.eventStore, signUpStream(accountId), signUpDecider, command, { retries: 1 });
  const doc = await loadProgress(ctx, accountId);
  if (!doc) throw new Error(`sign-up ${accountId} has no progress after a step`);
  return progressView(ctx, doc);
};

export const saveFaceSignature = async (ctx: IdentityContext, accountId: string, body: FaceSignatureBody, meta: CommandMeta): Promise<SignUpProgress> => {
  const face_file = signUpFileKey(accountId, 'face');
  const signature_file = signUpFileKey(accountId, 'signature');
  const command: SignUpCommand = { type: 'SaveFaceSignature', data: { face_file, signature_file, completed_elsewhere: await completedElsewhere(ctx, accountId) }, metadata: meta };
  await assertOpen(ctx, accountId, command);
  // Checked by content (magic bytes), not by name or declared type; both before either is stored.
  const face = await readUpload(body.face.data, { kinds: ['image'], field: 'face.data' });
  const signature = await readUpload(body.signature.data, { kinds: ['image'], field: 'signature.data' });
  await ctx.platform.files.put(face_file, face.bytes, { contentType: face.contentType, encrypted: true });
  await ctx.platform.files.put(signature_file, signature.bytes, { contentType: signature.contentType, encrypted: true });
  return runStep(ctx, accountId, command);
};

export const saveMailingAddress = async (ctx: IdentityContext, accountId: string, body: MailingAddressBody, meta: CommandMeta): Promise<SignUpProgress> => {
  const completed_elsewhere = await completedElsewhere(ctx, accountId);
  let address: MailingAddress;
  if (body.same_as_property) {
    const progress = await loadProgress(ctx, accountId);
    const property = progress?.properties.find((p) => p.property_id === body.property_id);
    if (!property) {
      const message = 'This property is not one you verified. Pick a verified property, or enter the address.';
      throw new DomainError('invalid', 'PROPERTY_NOT_VERIFIED', message, [{ path: 'property_id', message }]);
    }
    address = { line1: property.address_line, city: property.city, state: property.state, zip: property.zip };
  } else {
    address = body.address;
  }
  return runStep(ctx, accountId, {
    type: 'SaveMailingAddress',
    data: {
      same_as_property: body.same_as_property,
      property_id: body.same_as_property ? body.property_id : null,
      address_encrypted: ctx.cipher.encrypt(JSON.stringify({ address }), signUpField(accountId, 'mailing-address')),
      completed_elsewhere,
    },
    metadata: meta,
  });
};

export const saveBeneficiaries = async (ctx: IdentityContext, accountId: string, body: BeneficiariesBody, meta: CommandMeta): Promise<SignUpProgress> =>
  runStep(ctx, accountId, {
    type: 'SaveBeneficiaries',
    data: {
      shares: body.beneficiaries.map((b) => b.share_percent),
      beneficiaries_encrypted: ctx.cipher.encrypt(JSON.stringify(body.beneficiaries), signUpField(accountId, 'beneficiaries')),
      completed_elsewhere: await completedElsewhere(ctx, accountId),
    },
    metadata: meta,
  });

/** The last step: refused until every other step is done; the PIN is hashed (scrypt) and never kept in clear. */
export const setPin = async (ctx: IdentityContext, accountId: string, body: PinBody, meta: CommandMeta): Promise<SignUpProgress> => {
  const completed_elsewhere = await completedElsewhere(ctx, accountId);
  await assertOpen(ctx, accountId, { type: 'SetPin', data: { pin_hash: '', completed_elsewhere }, metadata: meta });
  const pin_hash = await ctx.passwords.hash(body.pin, 'signed-in');
  return runStep(ctx, accountId, { type: 'SetPin', data: { pin_hash, completed_elsewhere }, metadata: meta });
};

/**
 * The account is about to do something else too (a membership after an NHD order): the steps that intent adds are
 * asked now (the progress answered names them). An intent the account has already records nothing.
 */
export const addIntent = async (ctx: IdentityContext, accountId: string, body: SignUpIntentBody, meta: CommandMeta): Promise<SignUpProgress> =>
  runStep(ctx, accountId, { type: 'AddSignUpIntent', data: { intent: body.intent }, metadata: meta });

import { Beneficiary, MailingAddress, type SignUpDraft, type SignUpProgress, type SignUpStatus, type SignUpStep } from '@acpg/contracts/sign-up';
import { z } from 'zod';
import type { IdentityContext } from '../../context.ts';
import { signUpStream } from '../decider.ts';
import { signUpField } from '../events.ts';
import { toProgressEvent } from './events.ts';
import { evolveProgress, SIGN_UP_PROGRESS_COLLECTION, type ProgressDoc } from './projection.ts';

/** The plan step: a membership, or a paid Equity Protect enrollment or NHD order (what the customer came for). */
export const planStepDone = (doc: ProgressDoc): boolean => doc.plan !== null || (doc.paid_service ?? null) !== null;

/** The steps in the wizard's order (DECISIONS.md), each done when the document says so. */
const STEPS: readonly { step: Exclude<SignUpStep, 'done'>; done: (doc: ProgressDoc) => boolean }[] = [
  { step: 'property', done: (doc) => doc.properties.length > 0 },
  { step: 'face_signature', done: (doc) => doc.face_signature_saved_at !== null },
  { step: 'mailing_address', done: (doc) => doc.mailing_address !== null },
  { step: 'plan', done: (doc) => planStepDone(doc) },
  { step: 'beneficiaries', done: (doc) => doc.beneficiaries !== null },
  { step: 'pin', done: (doc) => doc.pin_set },
];

export const completedSteps = (doc: ProgressDoc): SignUpStep[] => STEPS.filter((s) => s.done(doc)).map((s) => s.step);

export const currentStep = (doc: ProgressDoc): SignUpStep =>
  doc.completed_at !== null ? 'done' : (STEPS.find((s) => !s.done(doc))?.step ?? 'done');

/**
 * Where the account stands: the read model (property and plan come from other modules) with the account's own
 * sign-up stream folded over it, so a step just saved shows at once. Null when the account never signed up.
 */
export const loadProgress = async (ctx: IdentityContext, accountId: string): Promise<ProgressDoc | null> => {
  const stored = (await ctx.platform.documents.get(SIGN_UP_PROGRESS_COLLECTION, accountId)) as unknown as ProgressDoc | null;
  let doc = stored;
  for (const event of await ctx.platform.eventStore.readStream(signUpStream(accountId))) {
    const progress = toProgressEvent(event);
    if (progress) doc = evolveProgress(doc, progress);
  }
  return doc?.signed_up ? doc : null;
};

/** `GET /auth/me`'s `sign_up`: an account made without the wizard (a seeded admin) has nothing left to do. */
export const signUpStatus = (doc: ProgressDoc | null): SignUpStatus =>
  doc ? { complete: doc.completed_at !== null, current_step: currentStep(doc) } : { complete: true, current_step: 'done' };

const StoredMailingAddress = z.object({ address: MailingAddress });
const StoredBeneficiaries = z.array(Beneficiary);

/** `GET /sign-up`: steps and the draft, with the encrypted parts decrypted for their owner. */
export const progressView = (ctx: IdentityContext, doc: ProgressDoc): SignUpProgress => {
  const mailing = doc.mailing_address;
  let mailingAddress: SignUpDraft['mailing_address'] = null;
  if (mailing?.same_as_property && mailing.property_id) mailingAddress = { same_as_property: true, property_id: mailing.property_id };
  else if (mailing) {
    const { address } = StoredMailingAddress.parse(JSON.parse(ctx.cipher.decrypt(mailing.address_encrypted, signUpField(doc.account_id, 'mailing-address'))));
    mailingAddress = { same_as_property: false, address };
  }
  const beneficiaries = doc.beneficiaries
    ? StoredBeneficiaries.parse(JSON.parse(ctx.cipher.decrypt(doc.beneficiaries.beneficiaries_encrypted, signUpField(doc.account_id, 'beneficiaries'))))
    : null;
  return {
    current_step: currentStep(doc),
    completed_steps: completedSteps(doc),
    draft: {
      properties: doc.properties.map(({ property_id, address_line, city, state, zip }) => ({ property_id, address_line, city, state, zip })),
      face_signature: doc.face_signature_saved_at ? { saved_at: doc.face_signature_saved_at } : null,
      mailing_address: mailingAddress,
      plan: doc.plan,
      beneficiaries,
      pin_set: doc.pin_set,
    },
  };
};

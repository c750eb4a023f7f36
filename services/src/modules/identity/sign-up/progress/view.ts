import { Beneficiary, MailingAddress, requiredSteps, type SignedInStep, type SignUpDraft, type SignUpIntent, type SignUpProgress, type SignUpStatus, type SignUpStep } from '@acpg/contracts/sign-up';
import { z } from 'zod';
import type { IdentityContext } from '../../context.ts';
import { signUpStream } from '../decider.ts';
import { signUpField } from '../events.ts';
import { toProgressEvent } from './events.ts';
import { evolveProgress, SIGN_UP_PROGRESS_COLLECTION, type ProgressDoc } from './projection.ts';

/** What the account came to do (a document from before intents: a membership, the only wizard there was). */
export const intentsOf = (doc: ProgressDoc): SignUpIntent[] => doc.intents ?? ['membership'];

const paidKinds = (doc: ProgressDoc) => doc.paid_kinds ?? (doc.paid_service ? [doc.paid_service.kind] : []);

/**
 * The plan step: a membership when the account came for one; else a membership or a paid Equity Protect enrollment
 * (what the customer came for). An NHD order never stands for it: the NHD intent asks no plan.
 */
export const planStepDone = (doc: ProgressDoc): boolean =>
  doc.plan !== null || (!intentsOf(doc).includes('membership') && paidKinds(doc).includes('equity_protect'));

/** Each signed-in step, done when the document says so. */
const DONE: Record<SignedInStep, (doc: ProgressDoc) => boolean> = {
  property: (doc) => doc.properties.length > 0,
  face_signature: (doc) => doc.face_signature_saved_at !== null,
  mailing_address: (doc) => doc.mailing_address !== null,
  plan: (doc) => planStepDone(doc),
  beneficiaries: (doc) => doc.beneficiaries !== null,
  pin: (doc) => doc.pin_set,
};

/** The steps the account's intents need, in the wizard's order (DECISIONS.md: they follow the role and the intent). */
export const stepsOf = (doc: ProgressDoc): SignedInStep[] => requiredSteps(intentsOf(doc));

/** The needed steps already done (a step the account was not asked is not listed, even when its data exists). */
export const completedSteps = (doc: ProgressDoc): SignUpStep[] => stepsOf(doc).filter((step) => DONE[step](doc));

/** The first needed step not done, or 'done': an NHD-only account is done once its email and phone are verified. */
export const currentStep = (doc: ProgressDoc): SignUpStep => stepsOf(doc).find((step) => !DONE[step](doc)) ?? 'done';

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
  doc ? { complete: currentStep(doc) === 'done', current_step: currentStep(doc) } : { complete: true, current_step: 'done' };

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
    intents: intentsOf(doc),
    required_steps: stepsOf(doc),
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

import { nextPropertyStep, PROPERTY_STEP_EVENTS, type PropertyStep } from '@acpg/contracts/properties';
import { nextSignUpSteps, SIGN_UP_STEP_EVENTS, stepsMissingToBuy, type SignedInStep, type SignUpIntent, type SignUpSteps } from '@acpg/contracts/sign-up-steps';
import { StepsMissing } from '../commands/domain-error.ts';
import type { Platform } from '../module.ts';
import type { Projection } from '../projections/port.ts';
import { copyOf, idField, localCopy } from './define.ts';
import { readCopy } from './read-copy.ts';

/**
 * A module's own copy of each account's sign-up steps: what it came to do and the steps identity keeps (identity's
 * `SIGN_UP_STEP_EVENTS`, folded by `nextSignUpSteps`), and whether it did the property step (properties'
 * `PROPERTY_STEP_EVENTS`, `nextPropertyStep`). A module that sells what needs those steps (a membership, Equity
 * Protect) declares both copies and `SIGN_UP_STEPS_CONSUMES`, and never reads identity's sign-up progress.
 */
export const signUpStepsCopies = (module: string): Projection[] => {
  let known = copies.get(module);
  if (!known) {
    known = {
      steps: localCopy<SignUpSteps>({ module, of: 'sign_up_steps', source: 'identity', events: SIGN_UP_STEP_EVENTS, idOf: idField('sign_up_id'), next: nextSignUpSteps }),
      property: localCopy<PropertyStep>({ module, of: 'property_steps', source: 'properties', events: PROPERTY_STEP_EVENTS, idOf: idField('account_id'), next: nextPropertyStep }),
    };
    copies.set(module, known);
  }
  return [known.steps, known.property];
};
const copies = new Map<string, { steps: Projection; property: Projection }>();

export const SIGN_UP_STEPS_CONSUMES = [...SIGN_UP_STEP_EVENTS, ...PROPERTY_STEP_EVENTS] as const;

type Reader = Pick<Platform, 'documents' | 'caughtUp'>;

/**
 * The sign-up steps the account must finish before buying `intent` (`stepsMissingToBuy`), from `module`'s copies.
 * An account made without the wizard (a seeded member, an account from before sign-up steps) owes none.
 */
export const stepsMissingFor = async (platform: Reader, module: string, accountId: string, intent: SignUpIntent): Promise<SignedInStep[]> => {
  const [stepsCopy, propertyCopy] = signUpStepsCopies(module) as [Projection, Projection];
  const doc = await readCopy(platform, stepsCopy, accountId);
  if (!doc) return [];
  const steps = copyOf(doc) as unknown as SignUpSteps;
  const property = (await readCopy(platform, propertyCopy, accountId)) !== null;
  return stepsMissingToBuy(intent, [...steps.done, ...(property ? (['property'] as const) : [])]);
};

const STEP_NAMES: Record<SignedInStep, string> = {
  property: 'verify a property',
  face_signature: 'add your face photo and signature',
  mailing_address: 'add your mailing address',
  plan: 'choose a plan',
  beneficiaries: 'add your beneficiaries',
  pin: 'choose your security PIN',
};

/** Refuses (409 SIGN_UP_STEPS_MISSING with `missing_steps`) when the account has sign-up steps to finish before buying `what`. */
export const assertSignUpStepsFor = async (platform: Reader, module: string, accountId: string, intent: SignUpIntent, what: string): Promise<void> => {
  const missing = await stepsMissingFor(platform, module, accountId, intent);
  if (missing.length === 0) return;
  const words = missing.map((step) => STEP_NAMES[step]);
  const list = words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
  throw new StepsMissing(`Before you buy ${what}, finish your sign-up: ${list}.`, missing);
};

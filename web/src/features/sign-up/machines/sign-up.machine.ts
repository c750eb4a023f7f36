import { assign, fromPromise, setup } from 'xstate';
import { OTP_RULES } from '@acpg/contracts/identity';
import { requiredSteps, type SignedInStep, type SignUpIntent } from '@acpg/contracts/sign-up-steps';
import type { AccountCreated, AccountDetails, CodeChannel, CodeSent, SignUpProgress, SignUpRole, StepSave, WizardStep } from '../api/sign-up.ts';
import { errorCode, errorMessage, fieldErrorsOf, retryAfterSeconds, triesLeftOf } from './errors.ts';

/**
 * The sign-up wizard (DECISIONS.md, "Sign-up wizard"): account details → phone code → email code (which signs in) →
 * the signed-in steps the server names for what the applicant came to do (`required_steps`: a membership asks property
 * → face and signature → mailing address → plan and payment → beneficiaries → PIN; an NHD order none) → done.
 * The server keeps the draft; this machine only walks the steps (Back and Next among those done) and remembers what
 * the screens need.
 */

/** Every step in order; `currentStep` is an index into it (0: account details and the two codes). */
export const STEP_ORDER = ['account', 'property', 'face_signature', 'mailing_address', 'plan', 'beneficiaries', 'pin', 'done'] as const;
export type StepName = (typeof STEP_ORDER)[number];
export const stepIndex = (step: StepName): number => STEP_ORDER.indexOf(step);

/**
 * The spec's step flags, each true once its part is done: step1Mobile the phone code, step1Email the email code,
 * step2 the property, step3 face and signature, step4 the mailing address (the later steps show in `currentStep`).
 */
export interface StepFlags {
  step1Mobile: boolean;
  step1Email: boolean;
  step2: boolean;
  step3: boolean;
  step4: boolean;
}

/** A code sent to one channel: where to, when another may be asked for, when it expires (epoch ms), tries left. */
export interface CodeState {
  maskedDestination: string;
  resendAt: number;
  expiresAt: number;
  triesLeft: number;
}

/** What the account step remembers of the form: never the password, and the phone only masked (DECISIONS.md). */
export interface KeptDetails {
  full_name: string;
  email: string;
  phone_masked: string;
  role: SignUpRole;
  /** What the applicant came to do: the step count shown before the server's progress is known. */
  intent: SignUpIntent;
}

export interface SignUpContext {
  details: KeptDetails | null;
  userId: string | null;
  codes: Partial<Record<CodeChannel, CodeState>>;
  /** Whether a code was sent again on each channel (the spec's resend flags). */
  resend: Record<CodeChannel, boolean>;
  loading: boolean;
  /** Failed account creations (persisted; the spec's error counter). */
  errorCount: number;
  currentStep: number;
  /** 1 while the email-code screen is the one showing, else 0. */
  emailScreen: number;
  flags: StepFlags;
  progress: SignUpProgress | null;
  /** A step already done that the user went Back to (null: the server's current step shows). */
  showing: WizardStep | null;
  /** The step whose completion the wizard is waiting to see recorded. */
  awaiting: WizardStep | null;
  error: string | null;
  fieldErrors: { email?: string; phone?: string };
}

export type SignUpEvent =
  | { type: 'SUBMIT'; details: AccountDetails }
  | { type: 'VERIFY'; code: string }
  | { type: 'RESEND' }
  | { type: 'START_OVER' }
  | { type: 'RESUME' }
  | { type: 'STEP_DONE'; step: 'property' | 'plan' }
  | { type: 'SAVE'; save: StepSave }
  | { type: 'RETRY' }
  /** To the step before the one showing (among the steps this sign-up needs). */
  | { type: 'BACK' }
  /** From a step already done to the next one, without saving it again. */
  | { type: 'NEXT' };

export const NO_FLAGS: StepFlags = { step1Mobile: false, step1Email: false, step2: false, step3: false, step4: false };

export const initialContext = (): SignUpContext => ({
  details: null,
  userId: null,
  codes: {},
  resend: { phone: false, email: false },
  loading: false,
  errorCount: 0,
  currentStep: 0,
  emailScreen: 0,
  flags: NO_FLAGS,
  progress: null,
  showing: null,
  awaiting: null,
  error: null,
  fieldErrors: {},
});

/** "+1415*******67" style: the phone shown masked, as the spec keeps it (first 5 characters, then 8 asterisks). */
const maskedPhone = (phone: string) => `${phone.slice(0, 5)}********`;

const keep = (details: AccountDetails): KeptDetails => ({
  full_name: details.full_name,
  email: details.email,
  phone_masked: maskedPhone(details.phone),
  role: details.role,
  intent: details.intent,
});

/** The signed-in steps this applicant is asked, in order: the server's list once known, else the intent's. */
export const stepsOf = (context: Pick<SignUpContext, 'progress' | 'details'>): SignedInStep[] =>
  (context.progress?.required_steps.filter((step): step is SignedInStep => step !== 'done') ?? requiredSteps([context.details?.intent ?? 'membership']));

/** The step a signed-in screen shows: one gone Back to, else the server's current step. */
export const shownStep = (context: Pick<SignUpContext, 'progress' | 'showing'>): WizardStep | null => context.showing ?? context.progress?.current_step ?? null;

/** The step before (`-1`) or after (`1`) the one showing, among the needed ones; after the last done one comes the current step. */
const neighbour = (context: SignUpContext, by: -1 | 1): WizardStep | null => {
  const steps = stepsOf(context);
  const shown = shownStep(context);
  const i = shown ? steps.indexOf(shown as SignedInStep) : -1;
  if (i < 0) return null;
  return steps[i + by] ?? null;
};

/** Whether the step showing is done already (it may be left with Next, unsaved). */
export const shownStepDone = (context: Pick<SignUpContext, 'progress' | 'showing'>): boolean => {
  const shown = shownStep(context);
  return shown != null && (context.progress?.completed_steps.includes(shown) ?? false) && shown !== context.progress?.current_step;
};

const codeSent = (context: SignUpContext, channel: CodeChannel, sent: CodeSent, now = Date.now()): Partial<SignUpContext> => ({
  codes: {
    ...context.codes,
    [channel]: {
      maskedDestination: sent.masked_destination,
      resendAt: now + sent.resend_after_seconds * 1000,
      expiresAt: now + sent.expires_in_seconds * 1000,
      // A new code does not reset the failure count (DECISIONS.md, OTP rules).
      triesLeft: context.codes[channel]?.triesLeft ?? OTP_RULES.maxWrongTries,
    },
  },
  error: null,
});

/** A send refused: a 429 states the real wait, which the Send button counts down. */
const sendFailed = (context: SignUpContext, channel: CodeChannel, error: unknown, now = Date.now()): Partial<SignUpContext> => {
  const wait = retryAfterSeconds(error);
  const current = context.codes[channel];
  const codes =
    wait == null
      ? context.codes
      : {
          ...context.codes,
          [channel]: { maskedDestination: current?.maskedDestination ?? '', expiresAt: current?.expiresAt ?? 0, triesLeft: current?.triesLeft ?? OTP_RULES.maxWrongTries, resendAt: now + wait * 1000 },
        };
  return { codes, error: errorMessage(error, 'The code could not be sent. Try again.') };
};

/** A wrong or expired code: stay on the screen, with the tries left and an expired code marked so. */
const verifyFailed = (context: SignUpContext, channel: CodeChannel, error: unknown, now = Date.now()): Partial<SignUpContext> => {
  const current = context.codes[channel];
  if (!current) return { error: errorMessage(error, 'That code is wrong or has expired.') };
  const code = errorCode(error);
  const triesLeft = code === 'OTP_INCORRECT' ? (triesLeftOf(error) ?? Math.max(0, current.triesLeft - 1)) : (triesLeftOf(error) ?? current.triesLeft);
  const expiresAt = code === 'OTP_EXPIRED' ? now : current.expiresAt;
  return { codes: { ...context.codes, [channel]: { ...current, triesLeft, expiresAt } }, error: errorMessage(error, 'That code is wrong or has expired.') };
};

const statusOf = (error: unknown): number | null =>
  error && typeof error === 'object' && 'status' in error && typeof (error as { status: unknown }).status === 'number' ? (error as { status: number }).status : null;

/**
 * The email or phone is taken: found only when the email code reserves them (the details step answers a taken one like
 * a new one, so it cannot be used to probe addresses). Back to the details, as a failed creation.
 */
const isTaken = (error: unknown) => ['EMAIL_TAKEN', 'PHONE_TAKEN'].includes(errorCode(error) ?? '') || statusOf(error) === 409;

/** The sign-up itself is over (its cookie expired, locked after too many wrong codes, unknown): start again. */
const signUpEnded = (error: unknown) => {
  const code = errorCode(error) ?? '';
  if (code.startsWith('OTP_')) return false;
  return [401, 403, 404, 410].includes(statusOf(error) ?? 0);
};

const takenErrors = (error: unknown): SignUpContext['fieldErrors'] => {
  const message = errorMessage(error, 'This is already in use.');
  if (errorCode(error) === 'PHONE_TAKEN') return { phone: message };
  return { email: message };
};

/**
 * Back at the details form after a refused creation: the spec's persisted error counter goes up; a refusal naming the
 * email or the phone (taken, or a phone outside the countries texts go to) shows on that field.
 */
const creationFailed = (context: SignUpContext, error: unknown): Partial<SignUpContext> => ({
  errorCount: context.errorCount + 1,
  error: errorMessage(error, 'Your account could not be created. Check the form and try again.'),
  fieldErrors: isTaken(error) ? takenErrors(error) : fieldErrorsOf(error, ['email', 'phone'] as const),
  codes: {},
});

const ended = (error: unknown): Partial<SignUpContext> => ({
  ...initialContextKeepingCount(),
  error: errorMessage(error, 'This sign-up has ended. Fill in your details to start again.'),
});

const initialContextKeepingCount = (): Omit<SignUpContext, 'errorCount' | 'details'> => {
  const { errorCount: _errorCount, details: _details, ...rest } = initialContext();
  return rest;
};

/** Flags and step index from the server's progress. */
const fromProgress = (context: SignUpContext, progress: SignUpProgress): Partial<SignUpContext> => {
  const done = new Set(progress.completed_steps);
  return {
    progress: { current_step: progress.current_step, completed_steps: [...progress.completed_steps], required_steps: [...progress.required_steps], intents: [...progress.intents] },
    showing: null,
    currentStep: stepIndex(progress.current_step),
    flags: { ...context.flags, step1Mobile: true, step1Email: true, step2: done.has('property'), step3: done.has('face_signature'), step4: done.has('mailing_address') },
    awaiting: null,
  };
};

const at = (step: WizardStep) => ({ context }: { context: SignUpContext }) => shownStep(context) === step;

/** Back and Next on a signed-in step: to a step already done (Next to the current one ends the look back). */
const stepNav = {
  BACK: { guard: 'canGoBack' as const, target: 'routing' as const, actions: 'goBack' as const },
  NEXT: { guard: 'canGoNext' as const, target: 'routing' as const, actions: 'goNext' as const },
};

/** A state that waits on the server: the loading flag is on while in it. */
const busy = { entry: 'startLoading' as const, exit: 'stopLoading' as const };

export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
    input: {} as Partial<SignUpContext> | undefined,
  },
  actors: {
    createAccount: fromPromise<AccountCreated, AccountDetails>(() => Promise.reject(new Error('createAccount actor not provided'))),
    sendCode: fromPromise<CodeSent, { channel: CodeChannel }>(() => Promise.reject(new Error('sendCode actor not provided'))),
    /** Verifies a code; the email code's success signs in (the provider applies the session). */
    verifyCode: fromPromise<unknown, { channel: CodeChannel; code: string; intent?: SignUpIntent }>(() => Promise.reject(new Error('verifyCode actor not provided'))),
    fetchProgress: fromPromise<SignUpProgress, void>(() => Promise.reject(new Error('fetchProgress actor not provided'))),
    waitForStep: fromPromise<SignUpProgress, { step: WizardStep }>(() => Promise.reject(new Error('waitForStep actor not provided'))),
    saveStep: fromPromise<unknown, StepSave>(() => Promise.reject(new Error('saveStep actor not provided'))),
  },
  actions: {
    startLoading: assign({ loading: true }),
    stopLoading: assign({ loading: false }),
    goBack: assign(({ context }) => ({ showing: neighbour(context, -1), error: null })),
    goNext: assign(({ context }) => {
      const next = neighbour(context, 1);
      return { showing: next === context.progress?.current_step ? null : next, error: null };
    }),
  },
  guards: {
    canResendPhone: ({ context }) => Date.now() >= (context.codes.phone?.resendAt ?? 0),
    canResendEmail: ({ context }) => Date.now() >= (context.codes.email?.resendAt ?? 0),
    isSixDigits: ({ event }) => event.type === 'VERIFY' && /^\d{6}$/.test(event.code),
    canGoBack: ({ context }) => neighbour(context, -1) != null,
    canGoNext: ({ context }) => shownStepDone(context),
  },
}).createMachine({
  id: 'signUp',
  context: ({ input }) => ({ ...initialContext(), ...input }),
  initial: 'details',
  states: {
    details: {
      on: {
        // Submitting sets the loading flag and clears the resend flags (spec section 4).
        SUBMIT: { target: 'creating', actions: assign({ loading: true, resend: { phone: false, email: false }, error: null, fieldErrors: {} }) },
        RESUME: 'loadingProgress',
      },
    },
    creating: {
      exit: 'stopLoading',
      invoke: {
        src: 'createAccount',
        input: ({ event }) => (event.type === 'SUBMIT' ? event.details : ({} as AccountDetails)),
        onDone: {
          target: 'sendingPhoneCode',
          // Success resets the step and the email screen to 0 and clears the error counter (spec section 4).
          actions: assign(({ event }) => ({
            currentStep: 0,
            emailScreen: 0,
            errorCount: 0,
            userId: event.output.user_id,
            codes: {},
            flags: NO_FLAGS,
            error: null,
          })),
        },
        onError: { target: 'details', actions: assign(({ context, event }) => creationFailed(context, event.error)) },
      },
      entry: assign(({ event }) => (event.type === 'SUBMIT' ? { details: keep(event.details) } : {})),
    },
    sendingPhoneCode: {
      ...busy,
      invoke: {
        src: 'sendCode',
        input: { channel: 'phone' as const },
        onDone: { target: 'phoneCode', actions: assign(({ context, event }) => codeSent(context, 'phone', event.output)) },
        onError: [
          { guard: ({ event }) => signUpEnded(event.error), target: 'details', actions: assign(({ event }) => ended(event.error)) },
          { target: 'phoneCode', actions: assign(({ context, event }) => sendFailed(context, 'phone', event.error)) },
        ],
      },
    },
    phoneCode: {
      on: {
        VERIFY: [
          { guard: 'isSixDigits', target: 'verifyingPhone', actions: assign({ error: null }) },
          { actions: assign({ error: 'Enter the 6-digit code' }) },
        ],
        RESEND: { guard: 'canResendPhone', target: 'sendingPhoneCode', actions: assign({ resend: ({ context }) => ({ ...context.resend, phone: true }), error: null }) },
        START_OVER: { target: 'details', actions: assign(() => initialContextKeepingCount()) },
      },
    },
    verifyingPhone: {
      ...busy,
      invoke: {
        src: 'verifyCode',
        input: ({ event }) => ({ channel: 'phone' as const, code: event.type === 'VERIFY' ? event.code : '' }),
        onDone: { target: 'sendingEmailCode', actions: assign(({ context }) => ({ flags: { ...context.flags, step1Mobile: true }, emailScreen: 1, error: null })) },
        onError: [
          { guard: ({ event }) => signUpEnded(event.error), target: 'details', actions: assign(({ event }) => ended(event.error)) },
          { target: 'phoneCode', actions: assign(({ context, event }) => verifyFailed(context, 'phone', event.error)) },
        ],
      },
    },
    sendingEmailCode: {
      ...busy,
      invoke: {
        src: 'sendCode',
        input: { channel: 'email' as const },
        onDone: { target: 'emailCode', actions: assign(({ context, event }) => codeSent(context, 'email', event.output)) },
        onError: [
          { guard: ({ event }) => signUpEnded(event.error), target: 'details', actions: assign(({ event }) => ended(event.error)) },
          { target: 'emailCode', actions: assign(({ context, event }) => sendFailed(context, 'email', event.error)) },
        ],
      },
    },
    emailCode: {
      on: {
        VERIFY: [
          { guard: 'isSixDigits', target: 'verifyingEmail', actions: assign({ error: null }) },
          { actions: assign({ error: 'Enter the 6-digit code' }) },
        ],
        RESEND: { guard: 'canResendEmail', target: 'sendingEmailCode', actions: assign({ resend: ({ context }) => ({ ...context.resend, email: true }), error: null }) },
        START_OVER: { target: 'details', actions: assign(() => initialContextKeepingCount()) },
      },
    },
    verifyingEmail: {
      ...busy,
      invoke: {
        src: 'verifyCode',
        input: ({ context, event }) => ({ channel: 'email' as const, code: event.type === 'VERIFY' ? event.code : '', intent: context.details?.intent ?? 'membership' }),
        // The email code registers the account and signs in: from here the server's progress leads.
        onDone: { target: 'loadingProgress', actions: assign(({ context }) => ({ flags: { ...context.flags, step1Email: true }, emailScreen: 0, error: null, codes: {} })) },
        onError: [
          // Taken by someone who got there first (the reservation is made only now): a failed creation.
          { guard: ({ event }) => isTaken(event.error), target: 'details', actions: assign(({ context, event }) => ({ ...creationFailed(context, event.error), emailScreen: 0, flags: NO_FLAGS })) },
          { guard: ({ event }) => signUpEnded(event.error), target: 'details', actions: assign(({ event }) => ended(event.error)) },
          { target: 'emailCode', actions: assign(({ context, event }) => verifyFailed(context, 'email', event.error)) },
        ],
      },
    },
    loadingProgress: {
      ...busy,
      invoke: {
        src: 'fetchProgress',
        onDone: { target: 'routing', actions: assign(({ context, event }) => fromProgress(context, event.output)) },
        onError: { target: 'progressError', actions: assign({ error: ({ event }) => errorMessage(event.error, 'Your sign-up could not be loaded.') }) },
      },
    },
    progressError: {
      on: {
        RETRY: [
          { guard: ({ context }) => context.awaiting != null, target: 'advancing', actions: assign({ error: null }) },
          { target: 'loadingProgress', actions: assign({ error: null }) },
        ],
      },
    },
    routing: {
      always: [
        { guard: at('property'), target: 'property' },
        { guard: at('face_signature'), target: 'face_signature' },
        { guard: at('mailing_address'), target: 'mailing_address' },
        { guard: at('plan'), target: 'plan' },
        { guard: at('beneficiaries'), target: 'beneficiaries' },
        { guard: at('pin'), target: 'pin' },
        { guard: at('done'), target: 'done' },
        { target: 'progressError', actions: assign({ error: 'Your sign-up is at a step this page does not know. Reload the page.' }) },
      ],
    },
    property: { on: { ...stepNav, STEP_DONE: { guard: ({ event }) => event.step === 'property', target: 'advancing', actions: assign({ awaiting: 'property', error: null }) } } },
    face_signature: { on: { ...stepNav, SAVE: { guard: ({ event }) => event.save.step === 'face_signature', target: 'saving', actions: assign({ error: null }) } } },
    mailing_address: { on: { ...stepNav, SAVE: { guard: ({ event }) => event.save.step === 'mailing_address', target: 'saving', actions: assign({ error: null }) } } },
    plan: { on: { ...stepNav, STEP_DONE: { guard: ({ event }) => event.step === 'plan', target: 'advancing', actions: assign({ awaiting: 'plan', error: null }) } } },
    beneficiaries: { on: { ...stepNav, SAVE: { guard: ({ event }) => event.save.step === 'beneficiaries', target: 'saving', actions: assign({ error: null }) } } },
    pin: { on: { ...stepNav, SAVE: { guard: ({ event }) => event.save.step === 'pin', target: 'saving', actions: assign({ error: null }) } } },
    saving: {
      ...busy,
      invoke: {
        src: 'saveStep',
        input: ({ event }) => (event.type === 'SAVE' ? event.save : ({} as StepSave)),
        onDone: { target: 'advancing', actions: assign(({ context }) => ({ awaiting: shownStep(context) })) },
        // Refused (bad input, size, content): the same step again, with the server's message.
        onError: { target: 'routing', actions: assign({ error: ({ event }) => errorMessage(event.error, 'This step could not be saved. Try again.') }) },
      },
    },
    advancing: {
      ...busy,
      invoke: {
        src: 'waitForStep',
        input: ({ context }) => ({ step: context.awaiting ?? 'property' }),
        onDone: { target: 'routing', actions: assign(({ context, event }) => fromProgress(context, event.output)) },
        onError: { target: 'progressError', actions: assign({ error: ({ event }) => errorMessage(event.error, 'Your last step could not be confirmed.') }) },
      },
    },
    done: { type: 'final' },
  },
});

export type SignUpStateValue =
  | 'details' | 'creating' | 'sendingPhoneCode' | 'phoneCode' | 'verifyingPhone' | 'sendingEmailCode' | 'emailCode' | 'verifyingEmail'
  | 'loadingProgress' | 'progressError' | 'routing' | WizardStep | 'saving' | 'advancing';

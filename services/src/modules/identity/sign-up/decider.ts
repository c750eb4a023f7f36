import { OTP_RULES, type OtpChannel } from '@acpg/contracts/identity';
import { requiredSteps, type SignedInStep, type SignUpIntent, type SignUpRole } from '@acpg/contracts/sign-up';
import { addSeconds, reached, refuse, unknownCommand, sameDigest } from '../decider.ts';
import type { Command, Decider } from '../../../platform/commands/handle-command.ts';
import type { SignUpDetails, SignUpEvent } from './events.ts';
import { claimHeld, codeInUse, type CodeClaim } from '../code-claim.ts';

export type { SignUpEvent } from './events.ts';

/**
 * One applicant's sign-up (DECISIONS.md, "Sign-up wizard"): account details, the phone code, then the email code,
 * whose success registers the account (`sign_up_id` is the account's id); then, signed in, the steps the identity
 * module keeps (face and signature, mailing address, beneficiaries, PIN). Property and plan are other modules' events.
 * Code rules as sign-in's: the latest code counts, 10 minutes, single use, 5 wrong tries per step lock the sign-up,
 * and a new code does not reset the count. Nothing here holds a code, a password or a PIN in clear. The right email code
 * is used up (SignUpEmailCodeAccepted, a claim: `code-claim.ts`) before the account is registered, and the step is
 * recorded (SignUpEmailVerified) once it is; a refusal on the way (taken meanwhile) gives the code back.
 */
export const signUpStream = (signUpId: string) => `identity-signup-${signUpId}`;

/** Time to verify both codes once the details were given; the sign-up cookie lives as long. */
export const SIGN_UP_TTL_SECONDS = 24 * 60 * 60;

export type SignUpCommand =
  | Command<'StartSignUp', SignUpDetails & { password_hash: string }>
  | Command<'SendSignUpCode', { channel: OtpChannel; code_hash: string }>
  /** `code_hash` is the HMAC of the code typed, made as the stored one; a right email code is claimed by `claim_id`. */
  | Command<'VerifySignUpCode', { channel: OtpChannel; code_hash: string; claim_id: string }>
  /** The claimer registered the account: the email step is recorded. */
  | Command<'FinishEmailStep', { claim_id: string }>
  /** The claimer could not register the account: the email code is given back. */
  | Command<'ReleaseEmailCode', { claim_id: string }>
  /** The files are stored (encrypted) before the command; the event names them. */
  | Command<'SaveFaceSignature', { face_file: string; signature_file: string; completed_elsewhere: CompletedElsewhere }>
  | Command<'SaveMailingAddress', { same_as_property: boolean; property_id: string | null; address_encrypted: string; completed_elsewhere: CompletedElsewhere }>
  | Command<'SaveBeneficiaries', { shares: number[]; beneficiaries_encrypted: string; completed_elsewhere: CompletedElsewhere }>
  | Command<'SetPin', { pin_hash: string; completed_elsewhere: CompletedElsewhere }>
  | Command<'AddSignUpIntent', { intent: SignUpIntent }>;

/** The steps other modules complete (from the progress read model), which every signed-in step's order depends on. */
export interface CompletedElsewhere {
  property: boolean;
  plan: boolean;
}

interface SentCode {
  channel: OtpChannel;
  hash: string;
  expiresAt: string;
}

export interface OpenSignUp {
  status: 'pending' | 'locked' | 'registered' | 'completed';
  signUpId: string;
  fullName: string;
  email: string;
  phoneEncrypted: string;
  phoneMasked: string;
  role: SignUpRole;
  /** An Agent's or a Broker's brokerage (null for other roles). */
  brokerageName: string | null;
  /** What the account came to do, first to last: they decide the signed-in steps (`requiredSteps`). */
  intents: SignUpIntent[];
  passwordHash: string;
  expiresAt: string;
  phoneVerified: boolean;
  failures: Record<OtpChannel, number>;
  code: SentCode | null;
  /** The right email code, used up by a request registering the account now. */
  emailClaim: CodeClaim | null;
  faceSignatureSaved: boolean;
  mailingAddressSaved: boolean;
  beneficiariesSaved: boolean;
}

export type SignUpState = { status: 'none' } | OpenSignUp;

export const initialState = (): SignUpState => ({ status: 'none' });

export const evolve = (state: SignUpState, event: SignUpEvent): SignUpState => {
  if (event.type === 'SignUpStarted') {
    const d = event.data;
    return {
      status: 'pending',
      signUpId: d.sign_up_id,
      fullName: d.full_name,
      email: d.email,
      phoneEncrypted: d.phone_encrypted,
      phoneMasked: d.phone_masked,
      role: d.role,
      brokerageName: d.brokerage_name ?? null,
      intents: [d.intent ?? 'membership'],
      passwordHash: '',
      expiresAt: d.expires_at,
      phoneVerified: false,
      failures: { phone: 0, email: 0 },
      code: null,
      emailClaim: null,
      faceSignatureSaved: false,
      mailingAddressSaved: false,
      beneficiariesSaved: false,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'SignUpPasswordSet':
      return { ...state, passwordHash: event.data.password_hash };
    case 'SignUpCodeSent':
      return { ...state, code: { channel: event.data.channel, hash: event.data.code_hash, expiresAt: event.data.expires_at } };
    case 'SignUpCodeRejected':
      return { ...state, failures: { ...state.failures, [event.data.channel]: event.data.failures } };
    case 'SignUpLocked':
      return { ...state, status: 'locked', code: null };
    case 'SignUpPhoneVerified':
      return { ...state, phoneVerified: true, code: null };
    case 'SignUpEmailCodeAccepted':
      return { ...state, emailClaim: { id: event.data.claim_id, at: event.data.at } };
    case 'SignUpEmailCodeReleased':
      return state.emailClaim?.id === event.data.claim_id ? { ...state, emailClaim: null } : state;
    case 'SignUpEmailVerified':
      return { ...state, status: 'registered', code: null, emailClaim: null };
    case 'SignUpFaceSignatureSaved':
      return { ...state, faceSignatureSaved: true };
    case 'SignUpMailingAddressSaved':
      return { ...state, mailingAddressSaved: true };
    case 'SignUpBeneficiariesSaved':
      return { ...state, beneficiariesSaved: true };
    case 'SignUpPinSet':
      return state;
    case 'SignUpCompleted':
      return { ...state, status: 'completed' };
    case 'SignUpIntentAdded':
      // A finished sign-up opens again for the steps the new intent adds.
      return { ...state, intents: [...state.intents, event.data.intent], status: state.status === 'completed' ? 'registered' : state.status };
    default:
      return unknownCommand(event);
  }
};


/** The refusals both code steps share: unknown, locked, used or expired sign-up. */
const assertPending = (state: SignUpState, now: string): OpenSignUp => {
  if (state.status === 'none') throw refuse('unauthenticated', 'SIGN_UP_NOT_FOUND', 'This sign-up was not found. Start again.');
  if (state.status === 'registered' || state.status === 'completed') throw refuse('gone', 'SIGN_UP_USED', 'Your account already exists. Sign in.');
  if (state.status === 'locked') throw refuse('gone', 'SIGN_UP_LOCKED', 'Too many wrong codes. Start the sign-up again.');
  if (reached(now, state.expiresAt)) throw refuse('gone', 'SIGN_UP_EXPIRED', 'This sign-up has expired. Start again.');
  return state;
};

/** The step order of the code steps: the phone first, then the email. */
const assertChannelTurn = (open: OpenSignUp, channel: OtpChannel) => {
  if (channel === 'email' && !open.phoneVerified) throw refuse('conflict', 'PHONE_NOT_VERIFIED', 'Verify your phone first, then your email.');
  if (channel === 'phone' && open.phoneVerified) throw refuse('conflict', 'INVALID_COMMAND', 'Your phone is verified already. Verify your email next.');
};

/** The signed-in steps: the account exists and the sign-up is not finished. */
const assertRegistered = (state: SignUpState): OpenSignUp => {
  if (state.status === 'none' || state.status === 'pending' || state.status === 'locked') {
    throw refuse('not_found', 'SIGN_UP_NOT_FOUND', 'This account has no sign-up in progress.');
  }
  if (state.status === 'completed') throw refuse('conflict', 'SIGN_UP_USED', 'Your sign-up is complete already. Change these details from your profile.');
  return state;
};

/** What a step taken too early says (the steps in the wizard's order, SIGN_UP_STEPS). */
const STEP_WORDS: Record<SignedInStep, string> = {
  property: 'Verify a property first.',
  face_signature: 'Add your face photo and signature first.',
  mailing_address: 'Add your mailing address first.',
  plan: 'Choose a plan and pay first.',
  beneficiaries: 'Add your beneficiaries first.',
  pin: 'Choose your security PIN first.',
};

/**
 * The wizard's steps hold on the server: only the steps the account's intents need (`requiredSteps`: no ownership,
 * face or signature for an NHD order), each refused (409 SIGN_UP_STEP_MISSING, naming the step to do) until every
 * needed step before it is done. Going back to a step already done is fine.
 */
const assertStepsBefore = (open: OpenSignUp, step: SignedInStep, elsewhere: CompletedElsewhere) => {
  const needed = requiredSteps(open.intents);
  if (!needed.includes(step)) {
    throw refuse('conflict', 'SIGN_UP_STEP_NOT_NEEDED', 'What you came to do does not need this step. Choose what you want to do first.');
  }
  const done: Record<Exclude<SignedInStep, 'pin'>, boolean> = {
    ...elsewhere,
    face_signature: open.faceSignatureSaved,
    mailing_address: open.mailingAddressSaved,
    beneficiaries: open.beneficiariesSaved,
  };
  const missing = needed.slice(0, needed.indexOf(step)).find((earlier) => earlier !== 'pin' && !done[earlier]);
  if (missing) throw refuse('conflict', 'SIGN_UP_STEP_MISSING', STEP_WORDS[missing]);
};

export const decide = (command: SignUpCommand, state: SignUpState): SignUpEvent[] => {
  const now = command.metadata.now.toISOString();
  switch (command.type) {
    case 'StartSignUp': {
      if (state.status !== 'none') throw refuse('conflict', 'INVALID_COMMAND', 'This sign-up exists already.');
      const { password_hash, ...d } = command.data;
      const consent = d.terms_version ? { terms_accepted_at: now } : {};
      return [
        { type: 'SignUpStarted', data: { ...d, started_at: now, expires_at: addSeconds(now, SIGN_UP_TTL_SECONDS), ...consent } },
        { type: 'SignUpPasswordSet', data: { sign_up_id: d.sign_up_id, password_hash } },
      ];
    }
    case 'SendSignUpCode': {
      const open = assertPending(state, now);
      assertChannelTurn(open, command.data.channel);
      return [
        {
          type: 'SignUpCodeSent',
          data: { sign_up_id: open.signUpId, channel: command.data.channel, code_hash: command.data.code_hash, sent_at: now, expires_at: addSeconds(now, OTP_RULES.validSeconds) },
        },
      ];
    }
    case 'VerifySignUpCode': {
      const { channel, code_hash } = command.data;
      const open = assertPending(state, now);
      assertChannelTurn(open, channel);
      if (!open.code || open.code.channel !== channel) throw refuse('invalid', 'OTP_NOT_SENT', 'Ask for a code first.');
      // Used up by a request registering the account now: nothing is compared (nor counted) until it finishes or is presumed dead.
      if (channel === 'email' && claimHeld(open.emailClaim, now)) throw codeInUse();
      // A claimer presumed dead keeps the code past its expiry: the same code finishes the step.
      if (!open.emailClaim && reached(now, open.code.expiresAt)) throw refuse('gone', 'OTP_EXPIRED', 'This code has expired. Ask for a new one.');
      if (sameDigest(code_hash, open.code.hash)) {
        return channel === 'phone'
          ? [{ type: 'SignUpPhoneVerified', data: { sign_up_id: open.signUpId, at: now } }]
          : [{ type: 'SignUpEmailCodeAccepted', data: { sign_up_id: open.signUpId, claim_id: command.data.claim_id, at: now } }];
      }
      const failures = open.failures[channel] + 1;
      const triesLeft = Math.max(0, OTP_RULES.maxWrongTries - failures);
      const rejected: SignUpEvent = { type: 'SignUpCodeRejected', data: { sign_up_id: open.signUpId, channel, failures, tries_left: triesLeft, at: now } };
      return triesLeft === 0 ? [rejected, { type: 'SignUpLocked', data: { sign_up_id: open.signUpId, at: now } }] : [rejected];
    }
    case 'FinishEmailStep': {
      if (state.status !== 'pending' || state.emailClaim?.id !== command.data.claim_id) {
        // Taken over by a later request with the code (this one was presumed dead), or done: that one finishes it.
        throw refuse('gone', 'SIGN_UP_USED', 'Your account already exists. Sign in.');
      }
      return [{ type: 'SignUpEmailVerified', data: { sign_up_id: state.signUpId, account_id: state.signUpId, at: now, intents: state.intents } }];
    }
    case 'ReleaseEmailCode':
      if (state.status !== 'pending' || state.emailClaim?.id !== command.data.claim_id) return [];
      return [{ type: 'SignUpEmailCodeReleased', data: { sign_up_id: state.signUpId, claim_id: command.data.claim_id, at: now } }];
    case 'SaveFaceSignature': {
      const open = assertRegistered(state);
      const { completed_elsewhere, ...files } = command.data;
      assertStepsBefore(open, 'face_signature', completed_elsewhere);
      return [{ type: 'SignUpFaceSignatureSaved', data: { sign_up_id: open.signUpId, ...files, saved_at: now } }];
    }
    case 'SaveMailingAddress': {
      const open = assertRegistered(state);
      const { completed_elsewhere, ...d } = command.data;
      assertStepsBefore(open, 'mailing_address', completed_elsewhere);
      if (d.same_as_property && !d.property_id) throw refuse('invalid', 'INVALID_COMMAND', 'Name the property whose address to use.');
      return [{ type: 'SignUpMailingAddressSaved', data: { sign_up_id: open.signUpId, ...d, saved_at: now } }];
    }
    case 'SaveBeneficiaries': {
      const open = assertRegistered(state);
      const { shares, beneficiaries_encrypted } = command.data;
      assertStepsBefore(open, 'beneficiaries', command.data.completed_elsewhere);
      if (shares.length === 0) throw refuse('invalid', 'INVALID_COMMAND', 'Add at least one beneficiary.');
      if (shares.some((s) => !Number.isInteger(s) || s < 1 || s > 100) || shares.reduce((a, b) => a + b, 0) !== 100) {
        throw refuse('invalid', 'INVALID_COMMAND', 'The shares must be whole percents adding up to 100%.');
      }
      return [{ type: 'SignUpBeneficiariesSaved', data: { sign_up_id: open.signUpId, count: shares.length, beneficiaries_encrypted, saved_at: now } }];
    }
    case 'SetPin': {
      const open = assertRegistered(state);
      assertStepsBefore(open, 'pin', command.data.completed_elsewhere);
      return [
        { type: 'SignUpPinSet', data: { sign_up_id: open.signUpId, pin_hash: command.data.pin_hash, at: now } },
        { type: 'SignUpCompleted', data: { sign_up_id: open.signUpId, account_id: open.signUpId, at: now } },
      ];
    }
    case 'AddSignUpIntent': {
      if (state.status === 'none' || state.status === 'pending' || state.status === 'locked') {
        throw refuse('not_found', 'SIGN_UP_NOT_FOUND', 'This account has no sign-up in progress.');
      }
      const { intent } = command.data;
      if (state.intents.includes(intent)) return [];
      // A finished sign-up whose steps already cover the new intent has nothing to ask: nothing is recorded.
      const asked = requiredSteps(state.intents);
      if (state.status === 'completed' && requiredSteps([...state.intents, intent]).every((step) => asked.includes(step))) return [];
      return [{ type: 'SignUpIntentAdded', data: { sign_up_id: state.signUpId, account_id: state.signUpId, intent, at: now } }];
    }
    default:
      return unknownCommand(command);
  }
};

export const signUpDecider: Decider<SignUpCommand, SignUpEvent, SignUpState> = { initialState, evolve, decide };

import { initialContext, NO_FLAGS, signUpMachine, type CodeState, type KeptDetails, type SignUpContext } from './sign-up.machine.ts';
import { SIGN_UP_INTENTS, SIGN_UP_ROLES } from '../api/sign-up.ts';

/**
 * The wizard's persisted snapshot: a cache of where the applicant is (the server keeps the draft), versioned, and
 * built from a list of allowed fields, so a password, a code, an image or a card number can never reach it.
 */
export const SIGN_UP_SNAPSHOT_VERSION = 1;
export const SIGN_UP_STORAGE_KEY = 'persist:sign-up';

/** Where a restored wizard may stand: a screen that waits for the user, never a call half made. */
type RestorableState = 'details' | 'phoneCode' | 'emailCode';

export interface PersistedSignUp {
  version: typeof SIGN_UP_SNAPSHOT_VERSION;
  state: RestorableState;
  context: Pick<SignUpContext, 'details' | 'userId' | 'codes' | 'resend' | 'errorCount' | 'currentStep' | 'emailScreen' | 'flags'>;
}

type SignUpSnapshot = ReturnType<typeof signUpMachine.resolveState>;

/** Busy states are kept as the screen they return to; signed-in steps as the details state (the server's progress leads). */
function restorableState(snapshot: Pick<SignUpSnapshot, 'value'>): RestorableState {
  switch (snapshot.value) {
    case 'phoneCode':
    case 'sendingPhoneCode':
    case 'verifyingPhone':
      return 'phoneCode';
    case 'emailCode':
    case 'sendingEmailCode':
    case 'verifyingEmail':
      return 'emailCode';
    default:
      return 'details';
  }
}

const pickCode = (code: CodeState | undefined): CodeState | undefined =>
  code && { maskedDestination: code.maskedDestination, resendAt: code.resendAt, expiresAt: code.expiresAt, triesLeft: code.triesLeft };

export function toPersisted(snapshot: Pick<SignUpSnapshot, 'value' | 'context'>): PersistedSignUp {
  const c = snapshot.context;
  const details: KeptDetails | null = c.details && { full_name: c.details.full_name, email: c.details.email, phone_masked: c.details.phone_masked, role: c.details.role, intent: c.details.intent };
  const codes: PersistedSignUp['context']['codes'] = {};
  const phone = pickCode(c.codes.phone);
  const email = pickCode(c.codes.email);
  if (phone) codes.phone = phone;
  if (email) codes.email = email;
  return {
    version: SIGN_UP_SNAPSHOT_VERSION,
    state: restorableState(snapshot),
    context: {
      details,
      userId: c.userId,
      codes,
      resend: { phone: c.resend.phone, email: c.resend.email },
      errorCount: c.errorCount,
      currentStep: c.currentStep,
      emailScreen: c.emailScreen,
      flags: { ...c.flags },
    },
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => v != null && typeof v === 'object' && !Array.isArray(v);
const num = (v: unknown, fallback = 0) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const str = (v: unknown) => (typeof v === 'string' ? v : null);

function readCode(v: unknown): CodeState | undefined {
  if (!isRecord(v)) return undefined;
  const maskedDestination = str(v.maskedDestination);
  if (maskedDestination == null) return undefined;
  return { maskedDestination, resendAt: num(v.resendAt), expiresAt: num(v.expiresAt), triesLeft: num(v.triesLeft, 5) };
}

function readDetails(v: unknown): KeptDetails | null {
  if (!isRecord(v)) return null;
  const role = SIGN_UP_ROLES.find((r) => r === v.role);
  // A snapshot from before intents: a membership, the only wizard there was.
  const intent = SIGN_UP_INTENTS.find((i) => i === v.intent) ?? 'membership';
  const [full_name, email, phone_masked] = [str(v.full_name), str(v.email), str(v.phone_masked)];
  return role && full_name != null && email != null && phone_masked != null ? { full_name, email, phone_masked, role, intent } : null;
}

/** The stored snapshot as machine context and state, or null when absent, of another version or unreadable. */
export function fromPersisted(raw: string | null): { state: RestorableState; context: SignUpContext } | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || parsed.version !== SIGN_UP_SNAPSHOT_VERSION || !isRecord(parsed.context)) return null;
  const c = parsed.context;
  const state: RestorableState = parsed.state === 'phoneCode' || parsed.state === 'emailCode' ? parsed.state : 'details';
  const codes: SignUpContext['codes'] = {};
  const phone = readCode(isRecord(c.codes) ? c.codes.phone : undefined);
  const email = readCode(isRecord(c.codes) ? c.codes.email : undefined);
  if (phone) codes.phone = phone;
  if (email) codes.email = email;
  const flags = isRecord(c.flags) ? c.flags : {};
  const context: SignUpContext = {
    ...initialContext(),
    details: readDetails(c.details),
    userId: str(c.userId),
    codes,
    resend: { phone: isRecord(c.resend) && c.resend.phone === true, email: isRecord(c.resend) && c.resend.email === true },
    errorCount: num(c.errorCount),
    currentStep: num(c.currentStep),
    emailScreen: num(c.emailScreen),
    flags: Object.fromEntries(Object.keys(NO_FLAGS).map((k) => [k, flags[k] === true])) as unknown as SignUpContext['flags'],
  };
  // A code screen without its code cannot be shown: back to the details.
  if ((state === 'phoneCode' && !codes.phone) || (state === 'emailCode' && !codes.email)) return { state: 'details', context };
  return { state, context };
}

/** A machine snapshot to start the actor from (createActor(machine, { snapshot })). */
export function restoredSnapshot(raw: string | null): SignUpSnapshot | undefined {
  const restored = fromPersisted(raw);
  return restored ? signUpMachine.resolveState({ value: restored.state, context: restored.context }) : undefined;
}

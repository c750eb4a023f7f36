import { http, type Result } from '../../../lib/http.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { withBrowserTimeZone } from '../../../lib/time-zone.ts';
import type {
  BeneficiariesBody,
  FaceSignatureBody,
  MailingAddressBody,
  PinBody,
  SignUpBody,
  SignUpCreated,
  SignUpOtpResult,
  SignUpProgress as Progress,
  SignUpStep,
  SignUpVerifyResult,
  VerifiedPropertyRef,
} from '@acpg/contracts/sign-up';

export {
  requiredSteps,
  ROLES_WITH_BROKERAGE,
  SIGN_UP_INTENTS,
  TERMS_OF_SERVICE_PATH,
  TERMS_OF_SERVICE_VERSION,
  type SignUpIntent,
} from '@acpg/contracts/sign-up';
export { SIGN_UP_ROLES, type SignUpRole, type MailingAddress, type MailingAddressBody, type Beneficiary, type VerifiedPropertyRef } from '@acpg/contracts/sign-up';
export type CodeChannel = 'phone' | 'email';
export type WizardStep = SignUpStep;
export type AccountDetails = SignUpBody;
export type AccountCreated = SignUpCreated;
export type CodeSent = SignUpOtpResult;
/** What the wizard reads of the progress; the draft (GET /sign-up) is read by the page that needs it. */
export type SignUpProgress = Pick<Progress, 'current_step' | 'completed_steps' | 'required_steps' | 'intents'>;

type Ok<T> = { success: boolean; data: T; message?: string };

export const CHALLENGE_PATH = '/api/v1/auth/sign-up/challenge';

export const createAccount = (body: AccountDetails) => http.post<Ok<AccountCreated>>('/auth/sign-up', body).then((r) => r.data);
export const sendSignUpCode = (channel: CodeChannel) => http.post<Ok<CodeSent>>('/auth/sign-up/otp', { channel }).then((r) => r.data);
export const verifySignUpCode = (channel: CodeChannel, code: string) =>
  // The email code registers the account: the browser's zone goes with it (DECISIONS.md "Time").
  http.post<Ok<SignUpVerifyResult>>('/auth/sign-up/verify', { channel, code, ...(channel === 'email' ? withBrowserTimeZone() : {}) }).then((r) => ({ data: r.data, message: r.message ?? null }));

/** GET /sign-up: where the signed-in applicant stands (the server keeps the draft). Throws on failure. */
export async function fetchProgress(signal?: AbortSignal): Promise<SignUpProgress> {
  const r: Result<SignUpProgress> = await http.get<SignUpProgress>('/sign-up', signal ? { signal } : {});
  if (!r.success) throw new Error(r.message);
  return r.data;
}

/** The draft the server keeps (the properties verified at the property step, for the mailing address). */
export const fetchDraft = async (signal: AbortSignal): Promise<Result<{ properties: VerifiedPropertyRef[] }>> => {
  const r = await http.get<Progress>('/sign-up', { signal });
  return r.success ? { success: true, data: { properties: r.data.draft.properties } } : r;
};

/** GET /sign-up as it is (a failure as a Result: 404 for an account made without the wizard). */
export const fetchFullProgress = (signal: AbortSignal): Promise<Result<Progress>> => http.get<Progress>('/sign-up', { signal });

/** PUT /sign-up/intent: the account is about to do something else too; the answer names the steps that adds. */
export const addSignUpIntent = (intent: Progress['intents'][number]) => http.put<Ok<Progress>>('/sign-up/intent', { intent });

export const saveFaceSignature = (body: FaceSignatureBody) => http.put<Ok<SignUpProgress>>('/sign-up/face-signature', body);
export const saveMailingAddress = (body: MailingAddressBody) => http.put<Ok<SignUpProgress>>('/sign-up/mailing-address', body);
export const saveBeneficiaries = (body: BeneficiariesBody) => http.put<Ok<SignUpProgress>>('/sign-up/beneficiaries', body);
export const savePin = (body: PinBody) => http.put<Ok<SignUpProgress>>('/sign-up/pin', body);

/** A step's save, as the wizard machine hands it to the server. */
export type StepSave =
  | { step: 'face_signature'; body: FaceSignatureBody }
  | { step: 'mailing_address'; body: MailingAddressBody }
  | { step: 'beneficiaries'; body: BeneficiariesBody }
  | { step: 'pin'; body: PinBody };

export function saveStep(save: StepSave): Promise<unknown> {
  switch (save.step) {
    case 'face_signature':
      return saveFaceSignature(save.body);
    case 'mailing_address':
      return saveMailingAddress(save.body);
    case 'beneficiaries':
      return saveBeneficiaries(save.body);
    case 'pin':
      return savePin(save.body);
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(new DOMException('aborted', 'AbortError'));
    });
  });

/**
 * The property and plan steps complete from events the identity module projects (PropertyVerified,
 * MembershipStarted), a moment after the page saw its own success: reads the progress until `step` shows as done.
 */
export async function waitForStep(step: WizardStep, options: { signal?: AbortSignal; timeoutMs?: number; intervalMs?: number } = {}): Promise<SignUpProgress> {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  for (;;) {
    const progress = await fetchProgress(options.signal);
    if (progress.completed_steps.includes(step) || progress.current_step !== step) return progress;
    if (Date.now() >= deadline) throw new Error('Your last step is still being recorded. Try again in a moment.');
    await sleep(options.intervalMs ?? 500, options.signal);
  }
}

export const useDraft = () => useResource(fetchDraft, []);

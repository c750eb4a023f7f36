import type { SignInResult } from '@acpg/contracts/identity';
import { http, type Result } from '../../../lib/http.ts';

// Shapes of w4's sign-up API (BRIEF7 "Cross-stream contracts"); replaced by `@acpg/contracts/sign-up` once it lands.
export const SIGN_UP_ROLES = ['Customer', 'Agent', 'Broker', 'Owner'] as const;
export type SignUpRole = (typeof SIGN_UP_ROLES)[number];
export type CodeChannel = 'phone' | 'email';

export const WIZARD_STEPS = ['property', 'face_signature', 'mailing_address', 'plan', 'beneficiaries', 'pin', 'done'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export interface AccountDetails {
  full_name: string;
  email: string;
  /** E.164 */
  phone: string;
  password: string;
  role: SignUpRole;
  /** The ALTCHA payload (base64) of the solved challenge. */
  captcha: string;
}

export interface AccountCreated {
  user_id: string;
  sign_up_id: string;
  masked: { email: string; phone: string };
}

export interface CodeSent {
  masked_destination: string;
  resend_after_seconds: number;
  expires_in_seconds: number;
}

export interface VerifiedPropertyRef {
  property_id: string;
  address_line: string;
  city: string;
  state: string;
  zip: string;
}

export interface SignUpProgress {
  current_step: WizardStep;
  completed_steps: WizardStep[];
  draft?: { properties: VerifiedPropertyRef[] } & Record<string, unknown>;
}

export interface MailingAddress {
  line1: string;
  line2?: string;
  city: string;
  state: string;
  zip: string;
}

export type MailingAddressBody = { same_as_property: true; property_id: string } | { same_as_property: false; address: MailingAddress };

export interface Beneficiary {
  full_name: string;
  relationship: string;
  email?: string;
  share_percent: number;
}

/** A base64 image (no data: prefix), as the upload routes take it. */
export interface Upload {
  data: string;
}

type Ok<T> = { success: boolean; data: T; message?: string };

export const CHALLENGE_PATH = '/api/v1/auth/sign-up/challenge';

export const createAccount = (body: AccountDetails) => http.post<Ok<AccountCreated>>('/auth/sign-up', body).then((r) => r.data);
export const sendSignUpCode = (channel: CodeChannel) => http.post<Ok<CodeSent>>('/auth/sign-up/otp', { channel }).then((r) => r.data);
export const verifySignUpCode = (channel: CodeChannel, code: string) =>
  http.post<Ok<SignInResult | Record<string, unknown>>>('/auth/sign-up/verify', { channel, code }).then((r) => ({ data: r.data, message: r.message ?? null }));

/** GET /sign-up: where the signed-in applicant stands (the server keeps the draft). Throws on failure. */
export async function fetchProgress(signal?: AbortSignal): Promise<SignUpProgress> {
  const r: Result<SignUpProgress> = await http.get<SignUpProgress>('/sign-up', signal ? { signal } : {});
  if (!r.success) throw new Error(r.message);
  return r.data;
}

/** The draft the server keeps (the properties verified at the property step, for the mailing address). */
export const fetchDraft = async (signal: AbortSignal): Promise<Result<{ properties: VerifiedPropertyRef[] }>> => {
  const r = await http.get<SignUpProgress>('/sign-up', { signal });
  return r.success ? { success: true, data: { properties: r.data.draft?.properties ?? [] } } : r;
};

export const saveFaceSignature = (body: { face: Upload; signature: Upload }) => http.put<Ok<SignUpProgress>>('/sign-up/face-signature', body);
export const saveMailingAddress = (body: MailingAddressBody) => http.put<Ok<SignUpProgress>>('/sign-up/mailing-address', body);
export const saveBeneficiaries = (body: { beneficiaries: Beneficiary[] }) => http.put<Ok<SignUpProgress>>('/sign-up/beneficiaries', body);
export const savePin = (body: { pin: string }) => http.put<Ok<SignUpProgress>>('/sign-up/pin', body);

/** A step's save, as the wizard machine hands it to the server. */
export type StepSave =
  | { step: 'face_signature'; body: { face: Upload; signature: Upload } }
  | { step: 'mailing_address'; body: MailingAddressBody }
  | { step: 'beneficiaries'; body: { beneficiaries: Beneficiary[] } }
  | { step: 'pin'; body: { pin: string } };

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

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { signUpMachine, stepIndex, type SignUpContext } from './sign-up.machine.ts';
import { fromPersisted, restoredSnapshot, toPersisted, SIGN_UP_SNAPSHOT_VERSION } from './persisted.ts';
import { HttpError } from '../../../lib/http.ts';
import { TERMS_OF_SERVICE_VERSION } from '@acpg/contracts/sign-up';
import type { AccountDetails, CodeSent, SignUpProgress, StepSave, WizardStep } from '../api/sign-up.ts';

const DETAILS: AccountDetails = {
  full_name: 'Grace Hopper',
  email: 'grace@example.com',
  phone: '+14155550123',
  password: 'a very long passphrase',
  role: 'Owner',
  intent: 'membership',
  accept_terms: true,
  terms_version: TERMS_OF_SERVICE_VERSION,
  captcha: 'eyJwYXlsb2FkIjoicHJvb2YifQ==',
};
const SENT: CodeSent = { channel: 'phone', masked_destination: '+1415********', resend_after_seconds: 60, expires_in_seconds: 600 };
const MEMBERSHIP_STEPS: WizardStep[] = ['property', 'face_signature', 'mailing_address', 'plan', 'beneficiaries', 'pin'];
const progress = (current_step: WizardStep, completed_steps: WizardStep[] = [], required_steps = MEMBERSHIP_STEPS): SignUpProgress => ({
  current_step,
  completed_steps,
  required_steps,
  intents: required_steps.length === 0 ? ['nhd'] : ['membership'],
});

const httpError = (status: number, body: Record<string, unknown>) => new HttpError(status, String(body.message ?? 'failed'), { success: false, ...body });

interface Fakes {
  createAccount?: (input: AccountDetails) => Promise<unknown>;
  sendCode?: (input: { channel: 'phone' | 'email' }) => Promise<CodeSent>;
  verifyCode?: (input: { channel: 'phone' | 'email'; code: string }) => Promise<unknown>;
  fetchProgress?: () => Promise<SignUpProgress>;
  waitForStep?: (input: { step: WizardStep }) => Promise<SignUpProgress>;
  saveStep?: (input: StepSave) => Promise<unknown>;
}

const calls: { actor: string; input: unknown }[] = [];
// The fakes answer what the test needs; the machine's own types check the real actors.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a fake stands in for actors of every output type
const recorded = <I>(name: string, fn: ((input: I) => Promise<unknown>) | undefined): any =>
  fromPromise<unknown, I>(({ input }) => {
    calls.push({ actor: name, input });
    return fn ? fn(input) : Promise.reject(new Error(`${name} not expected`));
  });

function start(fakes: Fakes = {}, options: { input?: Partial<SignUpContext>; snapshot?: ReturnType<typeof restoredSnapshot> } = {}) {
  const machine = signUpMachine.provide({
    actors: {
      createAccount: recorded('createAccount', fakes.createAccount ?? (() => Promise.resolve({ user_id: 'u1', sign_up_id: 's1', masked: { email: 'g***r@example.com', phone: '+1415********' } }))),
      sendCode: recorded('sendCode', fakes.sendCode ?? (() => Promise.resolve(SENT))),
      verifyCode: recorded('verifyCode', fakes.verifyCode ?? (() => Promise.resolve({}))),
      fetchProgress: recorded('fetchProgress', fakes.fetchProgress ?? (() => Promise.resolve(progress('property')))),
      waitForStep: recorded('waitForStep', fakes.waitForStep),
      saveStep: recorded('saveStep', fakes.saveStep ?? (() => Promise.resolve({}))),
    },
  });
  const actor = createActor(machine, { input: options.input ?? {}, ...(options.snapshot ? { snapshot: options.snapshot } : {}) });
  actor.start();
  return actor;
}

type Actor = ReturnType<typeof start>;
type State = Parameters<ReturnType<Actor['getSnapshot']>['matches']>[0];
const settle = (actor: Actor, state: State) => waitFor(actor, (s) => s.matches(state), { timeout: 1000 });

async function atPhoneCode(fakes: Fakes = {}) {
  const actor = start(fakes);
  actor.send({ type: 'SUBMIT', details: DETAILS });
  await settle(actor, 'phoneCode');
  return actor;
}

async function atEmailCode(fakes: Fakes = {}) {
  const actor = await atPhoneCode(fakes);
  actor.send({ type: 'VERIFY', code: '123456' });
  await settle(actor, 'emailCode');
  return actor;
}

async function atStep(step: WizardStep, fakes: Fakes = {}) {
  const actor = start({ fetchProgress: () => Promise.resolve(progress(step)), ...fakes });
  actor.send({ type: 'RESUME' });
  await settle(actor, step);
  return actor;
}

afterEach(() => {
  calls.length = 0;
  vi.useRealTimers();
});

describe('sign-up machine: account details', () => {
  it('starts at the details form with nothing sent, no flags and step 0', () => {
    const s = start().getSnapshot();
    expect(s.value).toBe('details');
    expect(s.context).toMatchObject({ currentStep: 0, emailScreen: 0, errorCount: 0, loading: false, flags: { step1Mobile: false, step1Email: false, step2: false, step3: false, step4: false } });
  });

  it('submitting sets the loading flag and clears the resend flags', () => {
    const actor = start({ createAccount: () => new Promise(() => {}) }, { input: { resend: { phone: true, email: true } } });
    actor.send({ type: 'SUBMIT', details: DETAILS });
    const s = actor.getSnapshot();
    expect(s.value).toBe('creating');
    expect(s.context.loading).toBe(true);
    expect(s.context.resend).toEqual({ phone: false, email: false });
  });

  it('a created account resets the step and the email screen to 0, clears the error counter and sends the phone code', async () => {
    const actor = start({}, { input: { errorCount: 3, currentStep: 4, emailScreen: 1 } });
    actor.send({ type: 'SUBMIT', details: DETAILS });
    const s = await settle(actor, 'phoneCode');
    expect(s.context).toMatchObject({ currentStep: 0, emailScreen: 0, errorCount: 0, userId: 'u1', loading: false });
    expect(calls.map((c) => c.actor)).toEqual(['createAccount', 'sendCode']);
    expect(calls[0]!.input).toEqual(DETAILS);
    expect(calls[1]!.input).toEqual({ channel: 'phone' });
    expect(s.context.codes.phone?.maskedDestination).toBe('+1415********');
    expect(s.context.codes.phone?.triesLeft).toBe(5);
  });

  it('keeps the details without the password and with the phone masked', async () => {
    const actor = await atPhoneCode();
    expect(actor.getSnapshot().context.details).toEqual({ full_name: 'Grace Hopper', email: 'grace@example.com', phone_masked: '+1415********', role: 'Owner', intent: 'membership' });
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain(DETAILS.password);
  });

  it('a failed creation increments the error counter and shows the server message, taken email on the email field', async () => {
    const actor = start({ createAccount: () => Promise.reject(httpError(409, { code: 'EMAIL_TAKEN', message: 'An account with this email already exists.' })) }, { input: { errorCount: 1 } });
    actor.send({ type: 'SUBMIT', details: DETAILS });
    const s = await settle(actor, 'details');
    expect(s.context.errorCount).toBe(2);
    expect(s.context.loading).toBe(false);
    expect(s.context.fieldErrors).toEqual({ email: 'An account with this email already exists.' });
    expect(calls.map((c) => c.actor)).toEqual(['createAccount']);
  });

  it('a taken phone goes on the phone field; another refusal has no field error', async () => {
    const phone = start({ createAccount: () => Promise.reject(httpError(409, { code: 'PHONE_TAKEN', message: 'This phone is in use.' })) });
    phone.send({ type: 'SUBMIT', details: DETAILS });
    expect((await settle(phone, 'details')).context.fieldErrors).toEqual({ phone: 'This phone is in use.' });

    const other = start({ createAccount: () => Promise.reject(httpError(400, { code: 'CAPTCHA_FAILED', message: 'Complete the human check again.' })) });
    other.send({ type: 'SUBMIT', details: DETAILS });
    const s = await settle(other, 'details');
    expect(s.context.fieldErrors).toEqual({});
    expect(s.context.error).toBe('Complete the human check again.');
    expect(s.context.errorCount).toBe(1);
  });

  it('a phone outside the countries texts go to shows on the phone field, from the envelope\'s field errors', async () => {
    const message = 'We can send text messages only to phone numbers in United States. Use a phone number from there.';
    const actor = start({ createAccount: () => Promise.reject(httpError(400, { code: 'PHONE_COUNTRY_NOT_ALLOWED', message, errors: [{ path: 'phone', message }] })) });
    actor.send({ type: 'SUBMIT', details: DETAILS });
    const s = await settle(actor, 'details');
    expect(s.context.fieldErrors).toEqual({ phone: message });
  });

  it('RESUME (signed in) loads the progress and goes to the current step', async () => {
    const actor = start({ fetchProgress: () => Promise.resolve(progress('mailing_address', ['property', 'face_signature'])) });
    actor.send({ type: 'RESUME' });
    const s = await settle(actor, 'mailing_address');
    expect(s.context.currentStep).toBe(stepIndex('mailing_address'));
    expect(s.context.flags).toEqual({ step1Mobile: true, step1Email: true, step2: true, step3: true, step4: false });
  });
});

describe('sign-up machine: the phone and email codes', () => {
  it('a 6-digit phone code verified sends the email code and shows the email screen', async () => {
    const actor = await atPhoneCode();
    actor.send({ type: 'VERIFY', code: '123456' });
    expect(actor.getSnapshot().value).toBe('verifyingPhone');
    expect(actor.getSnapshot().context.loading).toBe(true);
    const s = await settle(actor, 'emailCode');
    expect(s.context.flags.step1Mobile).toBe(true);
    expect(s.context.emailScreen).toBe(1);
    expect(calls.slice(2).map((c) => [c.actor, c.input])).toEqual([
      ['verifyCode', { channel: 'phone', code: '123456' }],
      ['sendCode', { channel: 'email' }],
    ]);
  });

  it('refuses a code that is not 6 digits without calling the server', async () => {
    const actor = await atPhoneCode();
    actor.send({ type: 'VERIFY', code: '12a4' });
    expect(actor.getSnapshot().value).toBe('phoneCode');
    expect(actor.getSnapshot().context.error).toBe('Enter the 6-digit code');
    expect(calls.filter((c) => c.actor === 'verifyCode')).toEqual([]);
  });

  it('a wrong code stays, with the server message and the tries left', async () => {
    const actor = await atPhoneCode({ verifyCode: () => Promise.reject(httpError(400, { code: 'OTP_INCORRECT', message: 'That code is wrong. 4 tries left.' })) });
    actor.send({ type: 'VERIFY', code: '000000' });
    const s = await settle(actor, 'phoneCode');
    expect(s.context.error).toBe('That code is wrong. 4 tries left.');
    expect(s.context.codes.phone?.triesLeft).toBe(4);
  });

  it('a wrong code without a stated count takes one try off', async () => {
    const actor = await atPhoneCode({ verifyCode: () => Promise.reject(httpError(400, { code: 'OTP_INCORRECT', message: 'That code is wrong.' })) });
    actor.send({ type: 'VERIFY', code: '000000' });
    expect((await settle(actor, 'phoneCode')).context.codes.phone?.triesLeft).toBe(4);
  });

  it('an expired code is marked expired', async () => {
    const actor = await atPhoneCode({ verifyCode: () => Promise.reject(httpError(410, { code: 'OTP_EXPIRED', message: 'This code has expired. Ask for a new one.' })) });
    actor.send({ type: 'VERIFY', code: '000000' });
    const s = await settle(actor, 'phoneCode');
    expect(s.context.codes.phone!.expiresAt).toBeLessThanOrEqual(Date.now());
  });

  it('an ended sign-up goes back to the details with the reason, keeping them', async () => {
    const actor = await atPhoneCode({ verifyCode: () => Promise.reject(httpError(410, { code: 'SIGN_UP_LOCKED', message: 'Too many wrong codes. Start again.' })) });
    actor.send({ type: 'VERIFY', code: '000000' });
    const s = await settle(actor, 'details');
    expect(s.context.error).toBe('Too many wrong codes. Start again.');
    expect(s.context.details?.email).toBe(DETAILS.email);
    expect(s.context.codes).toEqual({});
  });

  it('RESEND is refused before the wait the server stated, then sends and sets the resend flag', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const actor = await atPhoneCode();
    actor.send({ type: 'RESEND' });
    expect(actor.getSnapshot().value).toBe('phoneCode');
    expect(calls.filter((c) => c.actor === 'sendCode')).toHaveLength(1);
    vi.setSystemTime(Date.now() + 60_000);
    actor.send({ type: 'RESEND' });
    const s = await settle(actor, 'phoneCode');
    expect(calls.filter((c) => c.actor === 'sendCode')).toHaveLength(2);
    expect(s.context.resend).toEqual({ phone: true, email: false });
  });

  it('a refused send (429) keeps the real wait the server states for the countdown', async () => {
    let first = true;
    const actor = await atPhoneCode({
      sendCode: () => {
        if (first) {
          first = false;
          return Promise.resolve({ ...SENT, resend_after_seconds: 0 });
        }
        return Promise.reject(httpError(429, { code: 'OTP_HOURLY_LIMIT', message: 'Too many codes were sent here in the last hour.', retry_after_seconds: 3180 }));
      },
    });
    actor.send({ type: 'RESEND' });
    const s = await settle(actor, 'phoneCode');
    expect(s.context.error).toBe('Too many codes were sent here in the last hour.');
    const wait = (s.context.codes.phone!.resendAt - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(3170);
    expect(wait).toBeLessThanOrEqual(3180);
  });

  it('START_OVER from a code screen goes back to the details, keeping them and the error counter', async () => {
    const actor = await atPhoneCode();
    actor.send({ type: 'START_OVER' });
    const s = actor.getSnapshot();
    expect(s.value).toBe('details');
    expect(s.context.details?.full_name).toBe('Grace Hopper');
    expect(s.context.codes).toEqual({});
  });

  it('the email code signs in and leads to the step the server names', async () => {
    const actor = await atEmailCode({ fetchProgress: () => Promise.resolve(progress('property')) });
    actor.send({ type: 'VERIFY', code: '654321' });
    const s = await settle(actor, 'property');
    expect(s.context.flags).toMatchObject({ step1Mobile: true, step1Email: true, step2: false });
    expect(s.context.currentStep).toBe(1);
    expect(s.context.emailScreen).toBe(0);
    expect(calls.find((c) => c.actor === 'verifyCode' && (c.input as { channel: string }).channel === 'email')?.input).toEqual({ channel: 'email', code: '654321', intent: 'membership' });
  });

  it('an email taken meanwhile (the race) is a failed creation: back to the details, counter up', async () => {
    const actor = await atEmailCode({
      verifyCode: ({ channel }) => (channel === 'phone' ? Promise.resolve({}) : Promise.reject(httpError(409, { code: 'EMAIL_TAKEN', message: 'An account with this email already exists.' }))),
    });
    actor.send({ type: 'VERIFY', code: '654321' });
    const s = await settle(actor, 'details');
    expect(s.context.errorCount).toBe(1);
    expect(s.context.fieldErrors.email).toBe('An account with this email already exists.');
    expect(s.context.flags.step1Mobile).toBe(false);
  });

  it('RESEND on the email screen sets the email resend flag', async () => {
    const actor = await atEmailCode({ sendCode: () => Promise.resolve({ ...SENT, resend_after_seconds: 0 }) });
    actor.send({ type: 'RESEND' });
    await waitFor(actor, (s) => s.matches('emailCode') && s.context.resend.email);
    expect(actor.getSnapshot().context.resend).toEqual({ phone: false, email: true });
  });

  it('a send that fails for another reason stays on the code screen with the message, Send not held back', async () => {
    const actor = start({ sendCode: () => Promise.reject(httpError(503, { code: 'UNAVAILABLE', message: 'The code could not be sent. Try again.' })) });
    actor.send({ type: 'SUBMIT', details: DETAILS });
    const s = await settle(actor, 'phoneCode');
    expect(s.context.error).toBe('The code could not be sent. Try again.');
    expect(s.context.codes.phone).toBeUndefined();
    actor.send({ type: 'RESEND' });
    expect(actor.getSnapshot().value).toBe('sendingPhoneCode');
  });

  it('a sign-up whose cookie is gone (401) goes back to the details from a send', async () => {
    const actor = start({ sendCode: () => Promise.reject(httpError(401, { code: 'SIGN_UP_NOT_FOUND', message: 'Start your sign-up again.' })) });
    actor.send({ type: 'SUBMIT', details: DETAILS });
    const s = await settle(actor, 'details');
    expect(s.context.error).toBe('Start your sign-up again.');
    expect(s.context.errorCount).toBe(0);
  });

  it('an expired sign-up at the email code goes back to the details; START_OVER from the email screen too', async () => {
    const expired = await atEmailCode({
      verifyCode: ({ channel }) => (channel === 'phone' ? Promise.resolve({}) : Promise.reject(httpError(410, { code: 'SIGN_UP_EXPIRED', message: 'This sign-up has expired. Start again.' }))),
    });
    expired.send({ type: 'VERIFY', code: '654321' });
    expect((await settle(expired, 'details')).context.error).toBe('This sign-up has expired. Start again.');

    const leaving = await atEmailCode();
    leaving.send({ type: 'START_OVER' });
    expect(leaving.getSnapshot().value).toBe('details');
    expect(leaving.getSnapshot().context.emailScreen).toBe(0);
  });

  it('a failed progress load shows an error and RETRY loads again', async () => {
    let fail = true;
    const actor = start({ fetchProgress: () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(progress('pin'))) });
    actor.send({ type: 'RESUME' });
    const s = await settle(actor, 'progressError');
    expect(s.context.error).toBe('offline');
    fail = false;
    actor.send({ type: 'RETRY' });
    await settle(actor, 'pin');
  });
});

describe('sign-up machine: the steps follow the intent, with Back and Next', () => {
  it('an NHD sign-up is done after the email code: the server names no signed-in step', async () => {
    const actor = await atEmailCode({ fetchProgress: () => Promise.resolve(progress('done', [], [])) });
    actor.send({ type: 'VERIFY', code: '654321' });
    await waitFor(actor, (s) => s.status === 'done', { timeout: 1000 });
    // The code check carries the intent (what the welcome says depends on it).
    expect(calls.filter((c) => c.actor === 'verifyCode').at(-1)?.input).toEqual({ channel: 'email', code: '654321', intent: 'membership' });
  });

  it('Back goes to the step before among those needed, Next returns to the current one; the first step has no Back in the machine', async () => {
    const equity: WizardStep[] = ['property', 'face_signature', 'mailing_address', 'plan', 'pin'];
    const actor = start({ fetchProgress: () => Promise.resolve(progress('pin', ['property', 'face_signature', 'mailing_address', 'plan'], equity)) });
    actor.send({ type: 'RESUME' });
    await settle(actor, 'pin');
    actor.send({ type: 'BACK' });
    await settle(actor, 'plan'); // no beneficiaries: Equity Protect does not ask them
    actor.send({ type: 'BACK' });
    await settle(actor, 'mailing_address');
    actor.send({ type: 'NEXT' });
    await settle(actor, 'plan');
    actor.send({ type: 'NEXT' });
    const s = await settle(actor, 'pin');
    expect(s.context.showing).toBeNull();
    // At the current step, Next (unsaved) is refused; so is Back from the first step.
    expect(s.can({ type: 'NEXT' })).toBe(false);
    const first = await atStep('property');
    expect(first.getSnapshot().can({ type: 'BACK' })).toBe(false);
  });

  it('a step gone Back to and saved again moves on to the server\'s current step', async () => {
    const actor = start({
      fetchProgress: () => Promise.resolve(progress('mailing_address', ['property', 'face_signature'])),
      waitForStep: () => Promise.resolve(progress('mailing_address', ['property', 'face_signature'])),
    });
    actor.send({ type: 'RESUME' });
    await settle(actor, 'mailing_address');
    actor.send({ type: 'BACK' });
    await settle(actor, 'face_signature');
    actor.send({ type: 'SAVE', save: { step: 'face_signature', body: { face: { data: 'AAAA' }, signature: { data: 'BBBB' } } } });
    await settle(actor, 'mailing_address');
    expect(calls.filter((c) => c.actor === 'waitForStep').map((c) => c.input)).toEqual([{ step: 'face_signature' }]);
  });
});

describe('sign-up machine: the signed-in steps', () => {
  it('the property step waits for its completion to be recorded, then moves on', async () => {
    const actor = await atStep('property', { waitForStep: () => Promise.resolve(progress('face_signature', ['property'])) });
    actor.send({ type: 'STEP_DONE', step: 'plan' });
    expect(actor.getSnapshot().value).toBe('property');
    actor.send({ type: 'STEP_DONE', step: 'property' });
    const s = await settle(actor, 'face_signature');
    expect(calls.find((c) => c.actor === 'waitForStep')?.input).toEqual({ step: 'property' });
    expect(s.context.flags.step2).toBe(true);
    expect(s.context.currentStep).toBe(2);
  });

  it('face and signature are saved, then the next step', async () => {
    const save: StepSave = { step: 'face_signature', body: { face: { data: 'AAAA' }, signature: { data: 'BBBB' } } };
    const actor = await atStep('face_signature', { waitForStep: () => Promise.resolve(progress('mailing_address', ['property', 'face_signature'])) });
    actor.send({ type: 'SAVE', save: { step: 'pin', body: { pin: '1234' } } });
    expect(actor.getSnapshot().value).toBe('face_signature');
    actor.send({ type: 'SAVE', save });
    expect(actor.getSnapshot().context.loading).toBe(true);
    const s = await settle(actor, 'mailing_address');
    expect(calls.find((c) => c.actor === 'saveStep')?.input).toEqual(save);
    expect(calls.find((c) => c.actor === 'waitForStep')?.input).toEqual({ step: 'face_signature' });
    expect(s.context.flags.step3).toBe(true);
    expect(JSON.stringify(s.context)).not.toContain('BBBB');
  });

  it('a refused save stays on the step with the server message', async () => {
    const actor = await atStep('face_signature', { saveStep: () => Promise.reject(httpError(400, { code: 'BAD_UPLOAD', message: 'The face image is not a picture.' })) });
    actor.send({ type: 'SAVE', save: { step: 'face_signature', body: { face: { data: 'AAAA' }, signature: { data: 'BBBB' } } } });
    await waitFor(actor, (s) => s.matches('face_signature') && s.context.error != null);
    expect(actor.getSnapshot().context.error).toBe('The face image is not a picture.');
    expect(actor.getSnapshot().context.loading).toBe(false);
  });

  it('mailing address, plan, beneficiaries and PIN lead to done', async () => {
    const order: WizardStep[] = ['mailing_address', 'plan', 'beneficiaries', 'pin', 'done'];
    const next = (step: WizardStep) => progress(order[order.indexOf(step) + 1]!, ['property', 'face_signature', ...order.slice(0, order.indexOf(step) + 1)]);
    const actor = await atStep('mailing_address', { waitForStep: ({ step }) => Promise.resolve(next(step)) });
    actor.send({ type: 'SAVE', save: { step: 'mailing_address', body: { same_as_property: true, property_id: 'p1' } } });
    await settle(actor, 'plan');
    expect(actor.getSnapshot().context.flags.step4).toBe(true);
    actor.send({ type: 'STEP_DONE', step: 'plan' });
    await settle(actor, 'beneficiaries');
    actor.send({ type: 'SAVE', save: { step: 'beneficiaries', body: { beneficiaries: [{ full_name: 'Ann', relationship: 'Daughter', share_percent: 100 }] } } });
    await settle(actor, 'pin');
    actor.send({ type: 'SAVE', save: { step: 'pin', body: { pin: '482913' } } });
    const s = await settle(actor, 'done');
    expect(s.status).toBe('done');
    expect(s.context.currentStep).toBe(stepIndex('done'));
    expect(calls.filter((c) => c.actor === 'waitForStep').map((c) => c.input)).toEqual(order.slice(0, 4).map((step) => ({ step })));
  });

  it('a step whose completion is not recorded in time shows an error; RETRY waits for the same step again', async () => {
    let fail = true;
    const actor = await atStep('plan', { waitForStep: () => (fail ? Promise.reject(new Error('still recording')) : Promise.resolve(progress('beneficiaries', ['plan']))) });
    actor.send({ type: 'STEP_DONE', step: 'plan' });
    await settle(actor, 'progressError');
    fail = false;
    actor.send({ type: 'RETRY' });
    await settle(actor, 'beneficiaries');
    expect(calls.filter((c) => c.actor === 'waitForStep').map((c) => c.input)).toEqual([{ step: 'plan' }, { step: 'plan' }]);
  });

  it('an unknown step from the server is an error, not a blank page', async () => {
    const actor = start({ fetchProgress: () => Promise.resolve({ current_step: 'nope' as WizardStep, completed_steps: [], required_steps: [], intents: [] }) });
    actor.send({ type: 'RESUME' });
    expect((await settle(actor, 'progressError')).context.error).toMatch(/does not know/);
  });
});

describe('sign-up machine: the persisted snapshot', () => {
  it('is versioned and holds no password, code, image or card number, whatever the state', async () => {
    const actor = await atPhoneCode({ verifyCode: () => new Promise(() => {}) });
    actor.send({ type: 'VERIFY', code: '918273' });
    const persisted = toPersisted(actor.getSnapshot());
    const json = JSON.stringify(persisted);
    expect(persisted.version).toBe(SIGN_UP_SNAPSHOT_VERSION);
    expect(persisted.state).toBe('phoneCode');
    for (const secret of [DETAILS.password, '918273', DETAILS.captcha, DETAILS.phone, '4242']) expect(json).not.toContain(secret);
    expect(Object.keys(persisted.context).sort()).toEqual(['codes', 'currentStep', 'details', 'emailScreen', 'errorCount', 'flags', 'resend', 'userId']);

    const saving = await atStep('face_signature', { saveStep: () => new Promise(() => {}) });
    saving.send({ type: 'SAVE', save: { step: 'face_signature', body: { face: { data: 'FACEIMAGEDATA' }, signature: { data: 'SIGNATUREDATA' } } } });
    const fromSaving = JSON.stringify(toPersisted(saving.getSnapshot()));
    expect(fromSaving).not.toContain('FACEIMAGEDATA');
    expect(fromSaving).not.toContain('SIGNATUREDATA');
    expect(toPersisted(saving.getSnapshot()).state).toBe('details');
  });

  it('restores a code screen with its countdown, tries and error counter', async () => {
    const actor = await atPhoneCode();
    const raw = JSON.stringify({ ...toPersisted(actor.getSnapshot()), context: { ...toPersisted(actor.getSnapshot()).context, errorCount: 2 } });
    const restored = start({}, { snapshot: restoredSnapshot(raw) });
    const s = restored.getSnapshot();
    expect(s.value).toBe('phoneCode');
    expect(s.context.errorCount).toBe(2);
    expect(s.context.codes.phone).toEqual(actor.getSnapshot().context.codes.phone);
    restored.send({ type: 'VERIFY', code: '123456' });
    await settle(restored, 'emailCode');
  });

  it('refuses another version, unreadable data, and a code screen without its code', () => {
    expect(fromPersisted(null)).toBeNull();
    expect(fromPersisted('{not json')).toBeNull();
    expect(fromPersisted(JSON.stringify({ version: 0, state: 'phoneCode', context: {} }))).toBeNull();
    expect(fromPersisted(JSON.stringify({ version: SIGN_UP_SNAPSHOT_VERSION, state: 'phoneCode', context: { errorCount: 3 } }))).toMatchObject({ state: 'details', context: { errorCount: 3 } });
    expect(fromPersisted(JSON.stringify({ version: SIGN_UP_SNAPSHOT_VERSION, state: 'verifyingEmail', context: {} }))?.state).toBe('details');
  });

  it('drops fields it does not know (a password planted in storage is never read back)', () => {
    const raw = JSON.stringify({ version: SIGN_UP_SNAPSHOT_VERSION, state: 'details', context: { details: { full_name: 'A', email: 'a@b.co', phone_masked: '+1415********', role: 'Customer', password: 'secret-pass' }, password: 'secret-pass' } });
    expect(JSON.stringify(fromPersisted(raw))).not.toContain('secret-pass');
  });
});

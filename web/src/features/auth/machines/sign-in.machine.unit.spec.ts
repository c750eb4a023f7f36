import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { OtpChannel, SignInChallenge, SignInResult } from '@acpg/contracts/identity';
import type { CodeSent } from '../api/sign-in.ts';
import { HttpError } from '../../../lib/http.ts';
import { liveCode, resendAtOf, signInMachine } from './sign-in.machine.ts';

const challenge: SignInChallenge = { challenge_id: 'ch-1', channels: ['email', 'phone'], masked: { email: 'j**n@example.com', phone: '+1555********' } };
const sent = (channel: OtpChannel): CodeSent => ({ channel, masked_destination: 'j**n@example.com', resend_after_seconds: 60, expires_in_seconds: 600 });
const result: SignInResult = {
  AccessToken: 'token-1',
  role: ['Super Admin'],
  user: { id: 'u-1', full_name: 'Jane Admin', email: 'jane@example.com', user_type: [{ type: 'Super Admin' }], profile_img: null },
};

function start(overrides: Partial<{ signIn: () => Promise<SignInChallenge>; sendCode: () => Promise<CodeSent>; verifyCode: (code: string) => Promise<{ result: SignInResult; message: string | null }> }> = {}) {
  const calls = { signIn: [] as unknown[], sendCode: [] as unknown[], verifyCode: [] as unknown[] };
  const machine = signInMachine.provide({
    actors: {
      signIn: fromPromise(async ({ input }) => {
        calls.signIn.push(input);
        return (overrides.signIn ?? (async () => challenge))();
      }),
      sendCode: fromPromise(async ({ input }) => {
        calls.sendCode.push(input);
        return (overrides.sendCode ?? (async () => sent(input.channel)))();
      }),
      verifyCode: fromPromise(async ({ input }) => {
        calls.verifyCode.push(input);
        return (overrides.verifyCode ?? (async () => ({ result, message: 'Signed in' })))(input.code);
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, calls };
}

describe('sign-in machine', () => {
  it('walks password → channel → code → signed in and outputs the login result', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'SUBMIT', email: 'jane@example.com', password: 'correct horse' });
    await waitFor(actor, (s) => s.matches('choosingChannel'));
    expect(actor.getSnapshot().context.challenge?.masked.phone).toBe('+1555********');

    actor.send({ type: 'CHOOSE', channel: 'phone' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    expect(calls.sendCode).toEqual([{ challenge_id: 'ch-1', channel: 'phone' }]);
    expect(actor.getSnapshot().context.resendAt).toBeGreaterThan(Date.now() + 50_000);

    actor.send({ type: 'VERIFY', code: '123456' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.verifyCode).toEqual([{ challenge_id: 'ch-1', code: '123456' }]);
    expect(actor.getSnapshot().output).toEqual({ result, message: 'Signed in' });
  });

  it('stays on the password step with the server message when the password is wrong', async () => {
    const { actor } = start({ signIn: () => Promise.reject(new Error('Invalid email or password')) });
    actor.send({ type: 'SUBMIT', email: 'jane@example.com', password: 'wrong' });
    await waitFor(actor, (s) => s.matches('credentials') && s.context.error != null);
    expect(actor.getSnapshot().context.error).toBe('Invalid email or password');
  });

  it('rejects a code that is not 6 digits without calling the server', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'SUBMIT', email: 'jane@example.com', password: 'pw' });
    await waitFor(actor, (s) => s.matches('choosingChannel'));
    actor.send({ type: 'CHOOSE', channel: 'email' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    actor.send({ type: 'VERIFY', code: '12ab' });
    expect(actor.getSnapshot().matches('enteringCode')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('Enter the 6-digit code');
    expect(calls.verifyCode).toHaveLength(0);
  });

  it('returns to code entry with the reason when the code is wrong or expired', async () => {
    const { actor } = start({ verifyCode: () => Promise.reject(new Error('The code has expired. Ask for a new one.')) });
    actor.send({ type: 'SUBMIT', email: 'jane@example.com', password: 'pw' });
    await waitFor(actor, (s) => s.matches('choosingChannel'));
    actor.send({ type: 'CHOOSE', channel: 'email' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    actor.send({ type: 'VERIFY', code: '000000' });
    await waitFor(actor, (s) => s.matches('enteringCode') && s.context.error != null);
    expect(actor.getSnapshot().context.error).toBe('The code has expired. Ask for a new one.');
  });

  it('does not resend before the countdown ends, and reports a 429 when sending too soon', async () => {
    let sends = 0;
    const { actor } = start({
      sendCode: async () => {
        sends += 1;
        if (sends > 1) throw new Error('Please wait before asking for a new code');
        return { ...sent('email'), resend_after_seconds: 0 };
      },
    });
    actor.send({ type: 'SUBMIT', email: 'jane@example.com', password: 'pw' });
    await waitFor(actor, (s) => s.matches('choosingChannel'));
    actor.send({ type: 'CHOOSE', channel: 'email' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    actor.send({ type: 'RESEND' });
    await waitFor(actor, (s) => s.matches('enteringCode') && s.context.error != null);
    expect(actor.getSnapshot().context.error).toBe('Please wait before asking for a new code');
    expect(sends).toBe(2);
  });

  it('ignores RESEND while the countdown runs', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'SUBMIT', email: 'jane@example.com', password: 'pw' });
    await waitFor(actor, (s) => s.matches('choosingChannel'));
    actor.send({ type: 'CHOOSE', channel: 'email' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    actor.send({ type: 'RESEND' });
    expect(actor.getSnapshot().matches('enteringCode')).toBe(true);
    expect(calls.sendCode).toHaveLength(1);
  });

  it('goes back to the channel choice after a failed send, and RESTART clears the challenge', async () => {
    const { actor } = start({ sendCode: () => Promise.reject(new Error('Too many codes sent. Try again in an hour.')) });
    actor.send({ type: 'SUBMIT', email: 'jane@example.com', password: 'pw' });
    await waitFor(actor, (s) => s.matches('choosingChannel'));
    actor.send({ type: 'CHOOSE', channel: 'phone' });
    await waitFor(actor, (s) => s.matches('choosingChannel') && s.context.error != null);
    expect(actor.getSnapshot().context.error).toMatch(/Too many codes/);
    actor.send({ type: 'RESTART' });
    expect(actor.getSnapshot().matches('credentials')).toBe(true);
    expect(actor.getSnapshot().context.challenge).toBeNull();
  });

  const refused = (status: number, code: string, message: string) => new HttpError(status, message, { success: false, code, message });
  const toCodeStep = async (actor: ReturnType<typeof start>['actor'], channel: OtpChannel = 'email') => {
    actor.send({ type: 'SUBMIT', email: 'jane@example.com', password: 'pw' });
    await waitFor(actor, (s) => s.matches('choosingChannel'));
    actor.send({ type: 'CHOOSE', channel });
    await waitFor(actor, (s) => s.matches('enteringCode'));
  };

  it.each([
    [400, 'SIGN_IN_LOCKED', 'Too many wrong codes. Sign in again.'],
    [410, 'SIGN_IN_LOCKED', 'Too many wrong codes. Sign in again.'],
    [410, 'SIGN_IN_EXPIRED', 'This sign-in has expired. Sign in again.'],
    [410, 'SIGN_IN_USED', 'This sign-in was already used. Sign in again.'],
    [404, 'SIGN_IN_NOT_FOUND', 'Unknown sign-in. Sign in again.'],
  ])('goes back to the password step with the message when verifying answers %i %s', async (status, code, message) => {
    const { actor } = start({ verifyCode: () => Promise.reject(refused(status, code, message)) });
    await toCodeStep(actor);
    actor.send({ type: 'VERIFY', code: '000000' });
    await waitFor(actor, (s) => !s.matches('verifyingCode'));
    expect(actor.getSnapshot().value).toBe('credentials');
    expect(actor.getSnapshot().context).toMatchObject({ error: message, challenge: null, sent: {}, code: null });
  });

  it('goes back to the password step when sending or resending a code finds the challenge ended', async () => {
    const { actor } = start({ sendCode: () => Promise.reject(refused(410, 'SIGN_IN_EXPIRED', 'This sign-in has expired. Sign in again.')) });
    actor.send({ type: 'SUBMIT', email: 'jane@example.com', password: 'pw' });
    await waitFor(actor, (s) => s.matches('choosingChannel'));
    actor.send({ type: 'CHOOSE', channel: 'email' });
    await waitFor(actor, (s) => !s.matches('sendingCode'));
    expect(actor.getSnapshot().value).toBe('credentials');
    expect(actor.getSnapshot().context.error).toBe('This sign-in has expired. Sign in again.');

    let sends = 0;
    const second = start({
      sendCode: async () => {
        sends += 1;
        if (sends > 1) throw refused(410, 'SIGN_IN_LOCKED', 'Locked. Sign in again.');
        return { ...sent('email'), resend_after_seconds: 0 };
      },
    });
    await toCodeStep(second.actor);
    second.actor.send({ type: 'RESEND' });
    await waitFor(second.actor, (s) => !s.matches('resendingCode'));
    expect(second.actor.getSnapshot().value).toBe('credentials');
  });

  it.each([
    [400, 'OTP_INCORRECT', 'The code is incorrect. 3 tries left.'],
    [410, 'OTP_EXPIRED', 'This code has expired. Ask for a new one.'],
  ])('stays on the code step on %i %s', async (status, code, message) => {
    const { actor } = start({ verifyCode: () => Promise.reject(refused(status, code, message)) });
    await toCodeStep(actor);
    actor.send({ type: 'VERIFY', code: '000000' });
    await waitFor(actor, (s) => !s.matches('verifyingCode'));
    expect(actor.getSnapshot().value).toBe('enteringCode');
    expect(actor.getSnapshot().context.error).toBe(message);
    expect(actor.getSnapshot().context.challenge).not.toBeNull();
  });

  it('Back to the channel page and the same choice again: goes straight to the code step without a new send', async () => {
    const { actor, calls } = start();
    await toCodeStep(actor, 'email');
    const { resendAt, expiresAt, code } = actor.getSnapshot().context;
    actor.send({ type: 'CHANGE_CHANNEL' }); // what opening the channel page does
    expect(actor.getSnapshot().value).toBe('choosingChannel');
    actor.send({ type: 'CHOOSE', channel: 'email' });
    expect(actor.getSnapshot().value).toBe('enteringCode');
    expect(actor.getSnapshot().context).toMatchObject({ channel: 'email', resendAt, expiresAt, code, error: null });
    expect(calls.sendCode).toHaveLength(1);
  });

  it('keeps codes per channel: the newest one is resumed, an older channel within 60 s is not asked again', async () => {
    const { actor, calls } = start();
    await toCodeStep(actor, 'email');
    actor.send({ type: 'CHANGE_CHANNEL' });
    actor.send({ type: 'CHOOSE', channel: 'phone' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    expect(calls.sendCode).toHaveLength(2);
    expect(actor.getSnapshot().context.channel).toBe('phone');

    actor.send({ type: 'CHANGE_CHANNEL' });
    // The server keeps one code per challenge (the phone one now); a new email code within 60 s would answer 429.
    actor.send({ type: 'CHOOSE', channel: 'email' });
    expect(actor.getSnapshot().value).toBe('choosingChannel');
    expect(actor.getSnapshot().context.error).toMatch(/^A code was just sent to your email\. You can ask for another in \d+ s\.$/);
    actor.send({ type: 'CHOOSE', channel: 'phone' });
    expect(actor.getSnapshot().value).toBe('enteringCode');
    expect(calls.sendCode).toHaveLength(2);
  });

  it('sends again once the kept code has expired', async () => {
    const { actor, calls } = start({ sendCode: async () => ({ ...sent('email'), resend_after_seconds: 0, expires_in_seconds: 0 }) });
    await toCodeStep(actor, 'email');
    actor.send({ type: 'CHANGE_CHANNEL' });
    actor.send({ type: 'CHOOSE', channel: 'email' });
    expect(actor.getSnapshot().value).toBe('sendingCode');
    await waitFor(actor, (s) => s.matches('enteringCode'));
    expect(calls.sendCode).toHaveLength(2);
  });

  it('a refused send (429) keeps the real wait the server states, so Send counts it down instead of failing again', async () => {
    const hourly = new HttpError(429, 'Too many codes were sent here in the last hour. Try again in 53 minutes.', {
      success: false,
      code: 'OTP_HOURLY_LIMIT',
      message: 'Too many codes were sent here in the last hour. Try again in 53 minutes.',
      retry_after_seconds: 3180,
    });
    const { actor } = start({ sendCode: () => Promise.reject(hourly) });
    actor.send({ type: 'SUBMIT', email: 'jane@example.com', password: 'pw' });
    await waitFor(actor, (s) => s.matches('choosingChannel'));
    actor.send({ type: 'CHOOSE', channel: 'email' });
    await waitFor(actor, (s) => s.matches('choosingChannel') && s.context.error != null);
    const ctx = actor.getSnapshot().context;
    expect(ctx.error).toBe('Too many codes were sent here in the last hour. Try again in 53 minutes.');
    const wait = (resendAtOf(ctx, 'email') - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(3170);
    expect(wait).toBeLessThanOrEqual(3180);
    expect(resendAtOf(ctx, 'phone')).toBe(0);
    expect(liveCode(ctx, 'email')).toBeNull();
  });

  it('a refused resend keeps the code screen and moves the countdown to the stated wait', async () => {
    let sends = 0;
    const { actor } = start({
      sendCode: () => (++sends === 1 ? Promise.resolve({ ...sent('email'), resend_after_seconds: 0 }) : Promise.reject(new HttpError(429, 'Wait', { success: false, code: 'OTP_RESEND_TOO_SOON', message: 'Wait', retry_after_seconds: 37 }))),
    });
    await toCodeStep(actor, 'email');
    actor.send({ type: 'RESEND' });
    await waitFor(actor, (s) => s.matches('enteringCode') && s.context.error === 'Wait');
    const wait = (actor.getSnapshot().context.resendAt - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(30);
    expect(wait).toBeLessThanOrEqual(37);
  });
});

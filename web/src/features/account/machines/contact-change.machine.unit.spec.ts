import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ContactChangeSent, Profile } from '@acpg/contracts/account';
import { contactChangeMachine } from './contact-change.machine.ts';

const sentAnswer = (id = 'c1'): ContactChangeSent => ({ change_id: id, masked_destination: 'n*w@example.com', resend_after_seconds: 60, expires_in_seconds: 600 });
const profile = { id: 'a1', full_name: 'Pat', email: 'new@example.com', phone_masked: null, role: ['Customer'], profile_img: null, profile_img_srcset: null, brokerage_name: null, time_zone: 'America/Los_Angeles' } satisfies Profile;
const httpError = (message: string, body: Record<string, unknown>) => Object.assign(new Error(message), { body });

function start(options: { request?: (input: { destination: string; current_password: string }) => Promise<ContactChangeSent>; verify?: (input: { change_id: string; code: string }) => Promise<{ profile: Profile; message: string }> } = {}) {
  const request = vi.fn(options.request ?? (async () => sentAnswer()));
  const verify = vi.fn(options.verify ?? (async () => ({ profile, message: 'Your email was changed.' })));
  const actor = createActor(
    contactChangeMachine.provide({
      actors: { requestChange: fromPromise(({ input }) => request(input)), verifyChange: fromPromise(({ input }) => verify(input)) },
    }),
  ).start();
  return { actor, request, verify };
}

describe('contact change machine', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('SEND asks for a code to the new destination, then VERIFY changes it and says so', async () => {
    const { actor, request, verify } = start();
    actor.send({ type: 'SEND', destination: 'new@example.com', password: 'my password' });
    expect(actor.getSnapshot().value).toBe('sending');
    await waitFor(actor, (s) => s.matches('enteringCode'));
    expect(request).toHaveBeenCalledWith({ destination: 'new@example.com', current_password: 'my password' });
    expect(actor.getSnapshot().context).toMatchObject({ change: sentAnswer(), resendAt: Date.now() + 60_000, expiresAt: Date.now() + 600_000 });
    actor.send({ type: 'VERIFY', code: '123456' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(verify).toHaveBeenCalledWith({ change_id: 'c1', code: '123456' });
    expect(actor.getSnapshot().context).toMatchObject({ notice: 'Your email was changed.', change: null, error: null });
  });

  it('refuses a code that is not 6 digits without a call', async () => {
    const { actor, verify } = start();
    actor.send({ type: 'SEND', destination: 'new@example.com', password: 'my password' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    actor.send({ type: 'VERIFY', code: '12a' });
    expect(actor.getSnapshot().context.error).toBe('Enter the 6-digit code');
    expect(verify).not.toHaveBeenCalled();
  });

  it('a wrong code stays on the code with the server message; a change that is over goes back to editing', async () => {
    let answer = httpError('The code is incorrect. 4 tries left.', { code: 'OTP_INCORRECT' });
    const { actor } = start({ verify: async () => Promise.reject(answer) });
    actor.send({ type: 'SEND', destination: 'new@example.com', password: 'my password' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    actor.send({ type: 'VERIFY', code: '000000' });
    await waitFor(actor, (s) => s.matches('enteringCode') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('The code is incorrect. 4 tries left.');
    answer = httpError('Another account uses this email. Choose another one.', { code: 'EMAIL_TAKEN' });
    actor.send({ type: 'VERIFY', code: '111111' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context).toMatchObject({ change: null, error: 'Another account uses this email. Choose another one.' });
  });

  it('a refused send goes back to editing with the message and the wait the server named', async () => {
    const { actor } = start({ request: async () => Promise.reject(httpError('Wait 40 seconds.', { code: 'OTP_RESEND_TOO_SOON', retry_after_seconds: 40 })) });
    actor.send({ type: 'SEND', destination: 'new@example.com', password: 'my password' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ error: 'Wait 40 seconds.', resendAt: Date.now() + 40_000 });
    // The same destination again before the wait: no call, the wait in words.
    actor.send({ type: 'SEND', destination: 'new@example.com', password: 'my password' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBe('A code was just sent there. Ask for another in 40 s.');
  });

  it('RESEND waits for the delay, then sends a new code; CANCEL goes back to editing', async () => {
    let n = 0;
    const { actor, request } = start({ request: async () => sentAnswer(`c${++n}`) });
    actor.send({ type: 'SEND', destination: 'new@example.com', password: 'my password' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    actor.send({ type: 'RESEND' });
    expect(actor.getSnapshot().value).toBe('enteringCode');
    vi.setSystemTime(Date.now() + 60_000);
    actor.send({ type: 'RESEND' });
    await waitFor(actor, (s) => s.matches('enteringCode') && s.context.change?.change_id === 'c2');
    expect(request).toHaveBeenCalledTimes(2);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.change).toBeNull();
  });

  it('step-up: no call without the current password; a wrong one is said at the password field and asked again', async () => {
    const { actor, request } = start({ request: async () => Promise.reject(httpError('The current password is incorrect.', { code: 'PASSWORD_INCORRECT' })) });
    actor.send({ type: 'SEND', destination: 'new@example.com', password: '' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.passwordError).toBe('Enter your current password.');
    expect(request).not.toHaveBeenCalled();
    actor.send({ type: 'SEND', destination: 'new@example.com', password: 'a guess' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.passwordError !== 'Enter your current password.');
    expect(actor.getSnapshot().context).toMatchObject({ passwordError: 'The current password is incorrect.', error: null, password: '', resendAt: 0 });
  });

  it('a new code (RESEND) sends the password again; the change done, the password is forgotten', async () => {
    let n = 0;
    const { actor, request } = start({ request: async () => sentAnswer(`c${++n}`) });
    actor.send({ type: 'SEND', destination: 'new@example.com', password: 'my password' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    vi.setSystemTime(Date.now() + 60_000);
    actor.send({ type: 'RESEND' });
    await waitFor(actor, (s) => s.matches('enteringCode') && s.context.change?.change_id === 'c2');
    expect(request).toHaveBeenLastCalledWith({ destination: 'new@example.com', current_password: 'my password' });
    actor.send({ type: 'VERIFY', code: '123456' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.password).toBe('');
  });
});

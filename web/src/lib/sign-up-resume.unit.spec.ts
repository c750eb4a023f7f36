import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetResume, rememberStep, resumePath, stepPath } from './sign-up-resume.ts';

const me = (sign_up: unknown, status = 200) => vi.fn(async () => new Response(JSON.stringify(status === 200 ? { success: true, data: { sign_up } } : { success: false, message: 'down', code: 'X' }), { status }));

afterEach(() => {
  vi.unstubAllGlobals();
  forgetResume();
});

describe('where a signed-in user with an unfinished sign-up continues', () => {
  it('maps each signed-in step to its page, and done (or an unknown step) to none', () => {
    expect(stepPath('property')).toBe('/sign-up/property');
    expect(stepPath('pin')).toBe('/sign-up/pin');
    expect(stepPath('done')).toBeNull();
    expect(stepPath('toString')).toBeNull();
    expect(stepPath(null)).toBeNull();
  });

  it('reads GET /auth/me once per account: unfinished goes to the step, complete to none', async () => {
    const fetch = me({ complete: false, current_step: 'face_signature' });
    vi.stubGlobal('fetch', fetch);
    expect(await resumePath('u1')).toBe('/sign-up/face-signature');
    expect(await resumePath('u1')).toBe('/sign-up/face-signature');
    expect(fetch).toHaveBeenCalledTimes(1);
    vi.stubGlobal('fetch', me({ complete: true, current_step: 'done' }));
    expect(await resumePath('u2')).toBeNull();
  });

  it('follows the wizard once it moved on or finished, and holds nobody up when the check fails', async () => {
    vi.stubGlobal('fetch', me({ complete: false, current_step: 'property' }));
    expect(await resumePath('u1')).toBe('/sign-up/property');
    rememberStep('u1', null);
    expect(await resumePath('u1')).toBeNull();
    vi.stubGlobal('fetch', me(null, 503));
    expect(await resumePath('u3')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { HttpError } from './http.ts';
import { missingStepsOf } from './steps-missing.ts';

describe('missingStepsOf', () => {
  it('reads the steps of a 409 SIGN_UP_STEPS_MISSING, leaving out what is not a step', () => {
    const body = { success: false, code: 'SIGN_UP_STEPS_MISSING', message: 'Finish your sign-up', missing_steps: ['face_signature', 'bogus', 'mailing_address', 'done'] };
    expect(missingStepsOf(new HttpError(409, 'Finish your sign-up', body))).toEqual(['face_signature', 'mailing_address']);
  });

  it('answers null for any other error', () => {
    expect(missingStepsOf(new HttpError(409, 'x', { code: 'ALREADY_A_MEMBER' }))).toBeNull();
    expect(missingStepsOf(new HttpError(400, 'x', { code: 'SIGN_UP_STEPS_MISSING', missing_steps: ['pin'] }))).toBeNull();
    expect(missingStepsOf(new HttpError(409, 'x', { code: 'SIGN_UP_STEPS_MISSING', missing_steps: [] }))).toBeNull();
    expect(missingStepsOf(new Error('offline'))).toBeNull();
  });
});

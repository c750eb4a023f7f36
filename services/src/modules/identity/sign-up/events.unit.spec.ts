import { describe, expect, it } from 'vitest';
import { IDENTITY_EVENT_TYPES } from '../event-types.ts';
import { identityModule } from '../module.ts';
import { SIGN_UP_EVENT_TYPES, SIGN_UP_SENSITIVE_EVENT_TYPES } from './events.ts';

describe('sign-up events in the identity module', () => {
  it('declares every sign-up event type, and marks those with a password hash, a code digest or a PIN hash sensitive', () => {
    expect(IDENTITY_EVENT_TYPES).toEqual(expect.arrayContaining([...SIGN_UP_EVENT_TYPES, 'PhoneReserved', 'PhoneReleased', 'EmailReleased', 'CaptchaRedeemed']));
    expect(identityModule.sensitiveEventTypes).toEqual(expect.arrayContaining(['SignUpPasswordSet', 'SignUpCodeSent', 'SignUpPinSet']));
    expect(SIGN_UP_SENSITIVE_EVENT_TYPES).toEqual(['SignUpPasswordSet', 'SignUpCodeSent', 'SignUpPinSet']);
  });
});

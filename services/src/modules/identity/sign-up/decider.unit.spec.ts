import { describe, expect, it } from 'vitest';
import { metaAt } from '../../../../test/command-meta.ts';
import { decide, evolve, initialState, SIGN_UP_TTL_SECONDS, type SignUpCommand, type SignUpEvent, type SignUpState } from './decider.ts';
import { refusalOf } from '../../../../test/refusal.ts';

const T0 = '2025-03-01T10:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();
const given = (...events: SignUpEvent[]): SignUpState => events.reduce(evolve, initialState());
const refusal = (command: SignUpCommand, state: SignUpState) => refusalOf(() => decide(command, state));
const cmd = <C extends SignUpCommand>(type: C['type'], data: C['data'], seconds = 1) => ({ type, data, metadata: metaAt(at(seconds)) }) as C;

const details = { sign_up_id: 's1', full_name: 'Jane Doe', email: 'jane@example.test', phone_encrypted: 'v1.enc', phone_masked: '+1415********', role: 'Customer' as const };
const started: SignUpEvent = { type: 'SignUpStarted', data: { ...details, started_at: T0, expires_at: at(SIGN_UP_TTL_SECONDS) } };
const password: SignUpEvent = { type: 'SignUpPasswordSet', data: { sign_up_id: 's1', password_hash: '$scrypt$hash' } };
const sent = (channel: 'phone' | 'email', seconds = 0, hash = 'h-right'): SignUpEvent => ({
  type: 'SignUpCodeSent',
  data: { sign_up_id: 's1', channel, code_hash: hash, sent_at: at(seconds), expires_at: at(seconds + 600) },
});
const rejected = (channel: 'phone' | 'email', failures: number, seconds = 1): SignUpEvent => ({
  type: 'SignUpCodeRejected',
  data: { sign_up_id: 's1', channel, failures, tries_left: 5 - failures, at: at(seconds) },
});
const phoneVerified: SignUpEvent = { type: 'SignUpPhoneVerified', data: { sign_up_id: 's1', at: at(1) } };
const emailVerified: SignUpEvent = { type: 'SignUpEmailVerified', data: { sign_up_id: 's1', account_id: 's1', at: at(2), intents: ['membership'] } };
const registered = [started, password, sent('phone'), phoneVerified, sent('email'), emailVerified];
const verify = (channel: 'phone' | 'email', hash: string, seconds = 10) => cmd<SignUpCommand>('VerifySignUpCode', { channel, code_hash: hash, claim_id: `claim-${seconds}` }, seconds);
const send = (channel: 'phone' | 'email', seconds = 10) => cmd<SignUpCommand>('SendSignUpCode', { channel, code_hash: 'h-new' }, seconds);
const elsewhere = { property: true, plan: true };
const faceWith = (completed_elsewhere = elsewhere) =>
  cmd<SignUpCommand>('SaveFaceSignature', { face_file: 'identity/sign-up/s1/face', signature_file: 'identity/sign-up/s1/signature', completed_elsewhere });
const face = faceWith();
const mailingWith = (completed_elsewhere = elsewhere) => cmd<SignUpCommand>('SaveMailingAddress', { same_as_property: false, property_id: null, address_encrypted: 'v1.addr', completed_elsewhere });
const mailing = mailingWith();
const beneficiaries = (shares: number[], completed_elsewhere = elsewhere) => cmd<SignUpCommand>('SaveBeneficiaries', { shares, beneficiaries_encrypted: 'v1.list', completed_elsewhere });
const pin = (property = true, plan = true) => cmd<SignUpCommand>('SetPin', { pin_hash: '$scrypt$pin', completed_elsewhere: { property, plan } });
/** The state after each of `commands` was decided in turn, from a registered sign-up. */
const after = (...commands: SignUpCommand[]): SignUpState => commands.reduce((state, command) => decide(command, state).reduce(evolve, state), given(...registered));
const withFace = () => after(face);
const withMailing = () => after(face, mailing);
const allSteps = (): SignUpState => after(face, mailing, beneficiaries([100]));

describe('sign-up decider: details', () => {
  it('given nothing, when StartSignUp, then the sign-up starts for 24 hours and the hash goes in its own event', () => {
    expect(decide(cmd('StartSignUp', { ...details, password_hash: '$scrypt$hash' }, 0), given())).toEqual([started, password]);
  });

  it('given consent to the Terms of Service, when StartSignUp, then the version, the time accepted, the intent and the brokerage are recorded', () => {
    const agent = { ...details, role: 'Agent' as const, intent: 'nhd' as const, brokerage_name: 'Bay Realty', terms_version: '2026-11-28' };
    expect(decide(cmd('StartSignUp', { ...agent, password_hash: '$scrypt$hash' }, 0), given())[0]).toEqual({
      type: 'SignUpStarted',
      data: { ...agent, started_at: T0, expires_at: at(SIGN_UP_TTL_SECONDS), terms_accepted_at: T0 },
    });
  });

  it('given a sign-up, when StartSignUp again, then 409', () => {
    expect(refusal(cmd('StartSignUp', { ...details, password_hash: 'x' }), given(started)).status).toBe(409);
  });
});

describe('sign-up decider: the phone code, then the email code', () => {
  it('given a started sign-up, when SendSignUpCode by phone, then a code valid 10 minutes is recorded (hashed)', () => {
    expect(decide(send('phone', 5), given(started, password))).toEqual([
      { type: 'SignUpCodeSent', data: { sign_up_id: 's1', channel: 'phone', code_hash: 'h-new', sent_at: at(5), expires_at: at(605) } },
    ]);
  });

  it('given the phone not verified, when an email code is asked for or checked, then 409 PHONE_NOT_VERIFIED', () => {
    expect(refusal(send('email'), given(started))).toMatchObject({ status: 409, code: 'PHONE_NOT_VERIFIED' });
    expect(refusal(verify('email', 'h'), given(started, sent('phone'))).code).toBe('PHONE_NOT_VERIFIED');
  });

  it('given the phone verified, when a phone code is asked for again, then 409', () => {
    expect(refusal(send('phone'), given(started, sent('phone'), phoneVerified))).toMatchObject({ status: 409, code: 'INVALID_COMMAND' });
  });

  it('given nothing, when a code is asked for or checked, then 401 SIGN_UP_NOT_FOUND', () => {
    expect(refusal(send('phone'), given())).toMatchObject({ status: 401, code: 'SIGN_UP_NOT_FOUND' });
    expect(refusal(verify('phone', 'h'), given()).code).toBe('SIGN_UP_NOT_FOUND');
  });

  it('given a sign-up older than 24 hours, when a code is asked for, then 410 SIGN_UP_EXPIRED', () => {
    expect(refusal(send('phone', SIGN_UP_TTL_SECONDS), given(started))).toMatchObject({ status: 410, code: 'SIGN_UP_EXPIRED' });
  });

  it('given no code sent (or one for the other step), when a code is checked, then 400 OTP_NOT_SENT', () => {
    expect(refusal(verify('phone', 'h'), given(started)).code).toBe('OTP_NOT_SENT');
    expect(refusal(verify('email', 'h'), given(started, sent('phone'), phoneVerified)).code).toBe('OTP_NOT_SENT');
  });

  it('given a phone code, when the right one comes in 10 minutes, then the phone is verified', () => {
    expect(decide(verify('phone', 'h-right', 599), given(started, sent('phone')))).toEqual([{ type: 'SignUpPhoneVerified', data: { sign_up_id: 's1', at: at(599) } }]);
  });

  it('given a code 10 minutes old, when the right one comes, then 410 OTP_EXPIRED', () => {
    expect(refusal(verify('phone', 'h-right', 600), given(started, sent('phone')))).toMatchObject({ status: 410, code: 'OTP_EXPIRED' });
  });

  it('given an email code, when the right one comes, then it is used up (claimed) first; finished, the email is verified and names the account (the sign-up id)', () => {
    const before = given(started, sent('phone'), phoneVerified, sent('email'));
    const accepted = decide(verify('email', 'h-right', 2), before);
    expect(accepted).toEqual([{ type: 'SignUpEmailCodeAccepted', data: { sign_up_id: 's1', claim_id: 'claim-2', at: at(2) } }]);
    const claimed = accepted.reduce(evolve, before);
    expect(decide(cmd<SignUpCommand>('FinishEmailStep', { claim_id: 'claim-2' }, 2), claimed)).toEqual([emailVerified]);
    expect(refusalOf(() => decide(cmd<SignUpCommand>('FinishEmailStep', { claim_id: 'another' }, 2), claimed))).toMatchObject({ status: 410, code: 'SIGN_UP_USED' });
  });

  it('given a claimed email code, another try is refused (409 OTP_IN_USE) uncounted until released or past the claim', () => {
    const before = given(started, sent('phone'), phoneVerified, sent('email'));
    const claimed = decide(verify('email', 'h-right', 2), before).reduce(evolve, before);
    expect(refusalOf(() => decide(verify('email', 'h-wrong', 31), claimed))).toMatchObject({ status: 409, code: 'OTP_IN_USE' });
    expect(decide(verify('email', 'h-right', 32), claimed)[0]).toMatchObject({ type: 'SignUpEmailCodeAccepted', data: { claim_id: 'claim-32' } });
    expect(decide(cmd<SignUpCommand>('ReleaseEmailCode', { claim_id: 'another' }, 3), claimed)).toEqual([]);
    const released = decide(cmd<SignUpCommand>('ReleaseEmailCode', { claim_id: 'claim-2' }, 3), claimed).reduce(evolve, claimed);
    expect(decide(verify('email', 'h-wrong', 4), released)[0]?.type).toBe('SignUpCodeRejected');
  });

  it('given a code, when a wrong one comes, then the failure is recorded with the tries left', () => {
    expect(decide(verify('phone', 'h-wrong', 1), given(started, sent('phone')))).toEqual([rejected('phone', 1)]);
  });

  it('given 4 wrong codes, when a 5th comes, then the sign-up locks; then even the right code is refused', () => {
    const state = given(started, sent('phone'), rejected('phone', 1), rejected('phone', 2), rejected('phone', 3), rejected('phone', 4));
    const events = decide(verify('phone', 'h-wrong', 1), state);
    expect(events).toEqual([rejected('phone', 5), { type: 'SignUpLocked', data: { sign_up_id: 's1', at: at(1) } }]);
    const locked = given(started, sent('phone'), ...events);
    expect(refusal(verify('phone', 'h-right'), locked)).toMatchObject({ status: 410, code: 'SIGN_UP_LOCKED' });
    expect(refusal(send('phone'), locked).code).toBe('SIGN_UP_LOCKED');
  });

  it('given 3 wrong codes, when a new code is sent, then the count is not reset; only the latest code counts', () => {
    const state = given(started, sent('phone', 0, 'h-old'), rejected('phone', 1), rejected('phone', 2), rejected('phone', 3), sent('phone', 120, 'h-new'));
    expect(decide(verify('phone', 'h-old', 130), state)).toEqual([rejected('phone', 4, 130)]);
    expect(decide(verify('phone', 'h-new', 130), state)[0]?.type).toBe('SignUpPhoneVerified');
  });

  it('given the phone step with 4 wrong tries, when the email step starts, then its tries are its own', () => {
    const state = given(started, sent('phone'), rejected('phone', 1), rejected('phone', 2), rejected('phone', 3), rejected('phone', 4), phoneVerified, sent('email'));
    expect(decide(verify('email', 'h-wrong'), state)).toEqual([rejected('email', 1, 10)]);
  });

  it('given a registered sign-up, when a code step comes again, then 410 SIGN_UP_USED', () => {
    expect(refusal(verify('email', 'h-right'), given(...registered))).toMatchObject({ status: 410, code: 'SIGN_UP_USED' });
    expect(refusal(send('email'), given(...registered)).code).toBe('SIGN_UP_USED');
  });
});

describe('sign-up decider: the signed-in steps', () => {
  it('given a registered sign-up, when SaveFaceSignature, then the files are named', () => {
    expect(decide(face, given(...registered))).toEqual([
      { type: 'SignUpFaceSignatureSaved', data: { sign_up_id: 's1', face_file: 'identity/sign-up/s1/face', signature_file: 'identity/sign-up/s1/signature', saved_at: at(1) } },
    ]);
  });

  it('given a sign-up still at its codes (or none), when a signed-in step comes, then 404 SIGN_UP_NOT_FOUND', () => {
    for (const command of [face, mailing, beneficiaries([100]), pin()]) {
      expect(refusal(command, given(started, password))).toMatchObject({ status: 404, code: 'SIGN_UP_NOT_FOUND' });
      expect(refusal(command, given()).status).toBe(404);
    }
  });

  it('given a registered sign-up, when SaveMailingAddress, then the encrypted address is recorded; "same as" needs the property', () => {
    expect(decide(mailing, withFace())).toEqual([
      { type: 'SignUpMailingAddressSaved', data: { sign_up_id: 's1', same_as_property: false, property_id: null, address_encrypted: 'v1.addr', saved_at: at(1) } },
    ]);
    const sameWithout = cmd<SignUpCommand>('SaveMailingAddress', { same_as_property: true, property_id: null, address_encrypted: 'v1', completed_elsewhere: elsewhere });
    expect(refusal(sameWithout, withFace()).status).toBe(400);
  });

  it('given a registered sign-up, when SaveBeneficiaries with shares adding up to 100, then the encrypted list is recorded', () => {
    expect(decide(beneficiaries([60, 40]), withMailing())).toEqual([
      { type: 'SignUpBeneficiariesSaved', data: { sign_up_id: 's1', count: 2, beneficiaries_encrypted: 'v1.list', saved_at: at(1) } },
    ]);
  });

  it('refuses beneficiaries: none, shares not adding up to 100, a share below 1 or not whole', () => {
    for (const shares of [[], [90], [60, 30], [0, 100], [50.5, 49.5], [101, -1]]) {
      expect(refusal(beneficiaries(shares), withMailing())).toMatchObject({ status: 400 });
    }
  });

  it('given every other step done, when SetPin, then the PIN hash is recorded and the sign-up completes', () => {
    expect(decide(pin(), allSteps())).toEqual([
      { type: 'SignUpPinSet', data: { sign_up_id: 's1', pin_hash: '$scrypt$pin', at: at(1) } },
      { type: 'SignUpCompleted', data: { sign_up_id: 's1', account_id: 's1', at: at(1) } },
    ]);
  });

  it('refuses the PIN with 409 SIGN_UP_STEP_MISSING naming the first step not done', () => {
    expect(refusal(pin(false, true), allSteps())).toMatchObject({ status: 409, code: 'SIGN_UP_STEP_MISSING', message: 'Verify a property first.' });
    expect(refusal(pin(true, false), allSteps()).message).toBe('Choose a plan and pay first.');
    expect(refusal(pin(), given(...registered)).message).toBe('Add your face photo and signature first.');
    expect(refusal(pin(), withFace()).message).toBe('Add your mailing address first.');
    expect(refusal(pin(), withMailing()).message).toBe('Add your beneficiaries first.');
  });

  it('holds the wizard’s order: each signed-in step is refused with 409 SIGN_UP_STEP_MISSING until the steps before it are done', () => {
    const noProperty = { property: false, plan: true };
    expect(refusal(faceWith(noProperty), given(...registered))).toMatchObject({ status: 409, code: 'SIGN_UP_STEP_MISSING', message: 'Verify a property first.' });
    expect(refusal(mailing, given(...registered)).message).toBe('Add your face photo and signature first.');
    expect(refusal(mailingWith(noProperty), withFace()).message).toBe('Verify a property first.');
    expect(refusal(beneficiaries([100]), withFace()).message).toBe('Add your mailing address first.');
    expect(refusal(beneficiaries([100], { property: true, plan: false }), withMailing()).message).toBe('Choose a plan and pay first.');
    // Back to a step already done: saved again.
    expect(decide(faceWith(), allSteps()).map((e) => e.type)).toEqual(['SignUpFaceSignatureSaved']);
    expect(decide(mailing, allSteps()).map((e) => e.type)).toEqual(['SignUpMailingAddressSaved']);
  });

  it('given a completed sign-up, when a step comes again, then 409 SIGN_UP_USED', () => {
    const completed = after(face, mailing, beneficiaries([100]), pin());
    for (const command of [face, mailing, beneficiaries([100]), pin()]) expect(refusal(command, completed)).toMatchObject({ status: 409, code: 'SIGN_UP_USED' });
  });
});

describe('sign-up decider: the steps follow the intent', () => {
  const nhdStarted: SignUpEvent = { type: 'SignUpStarted', data: { ...details, role: 'Agent', intent: 'nhd', brokerage_name: 'Bay Realty', started_at: T0, expires_at: at(SIGN_UP_TTL_SECONDS) } };
  const nhdRegistered = () => given(nhdStarted, password, sent('phone'), phoneVerified, sent('email'));
  /** The right email code claimed, then the step finished (the account registered in between). */
  const verifiedEmail = (state: SignUpState) => {
    const claimed = decide(verify('email', 'h-right', 2), state).reduce(evolve, state);
    return decide(cmd<SignUpCommand>('FinishEmailStep', { claim_id: 'claim-2' }, 2), claimed);
  };
  const nhdAccount = () => {
    const state = nhdRegistered();
    return verifiedEmail(state).reduce(evolve, decide(verify('email', 'h-right', 2), state).reduce(evolve, state));
  };
  const intent = (value: 'membership' | 'equity_protect' | 'nhd') => cmd<SignUpCommand>('AddSignUpIntent', { intent: value });

  it('given an NHD sign-up, when the email code is right, then the verified email names the intent', () => {
    expect(verifiedEmail(nhdRegistered())).toEqual([{ ...emailVerified, data: { ...emailVerified.data, intents: ['nhd'] } }]);
  });

  it('given an NHD-only account, when an ownership, face, mailing, beneficiaries or PIN step comes, then 409 SIGN_UP_STEP_NOT_NEEDED', () => {
    for (const command of [face, mailing, beneficiaries([100]), pin()]) {
      expect(refusal(command, nhdAccount())).toMatchObject({ status: 409, code: 'SIGN_UP_STEP_NOT_NEEDED' });
    }
  });

  it('given an NHD-only account, when it adds the membership intent, then the membership steps are asked in order', () => {
    const added = decide(intent('membership'), nhdAccount());
    expect(added).toEqual([{ type: 'SignUpIntentAdded', data: { sign_up_id: 's1', account_id: 's1', intent: 'membership', at: at(1) } }]);
    const member = added.reduce(evolve, nhdAccount());
    expect(refusal(faceWith({ property: false, plan: false }), member).message).toBe('Verify a property first.');
    expect(decide(face, member).map((e) => e.type)).toEqual(['SignUpFaceSignatureSaved']);
    // An intent it has already records nothing.
    expect(decide(intent('membership'), member)).toEqual([]);
    expect(decide(intent('nhd'), nhdAccount())).toEqual([]);
  });

  it('given Equity Protect, then beneficiaries are not asked and the PIN follows the plan', () => {
    const equityStarted: SignUpEvent = { type: 'SignUpStarted', data: { ...details, intent: 'equity_protect', started_at: T0, expires_at: at(SIGN_UP_TTL_SECONDS) } };
    const state = given(equityStarted, password, sent('phone'), phoneVerified, sent('email'), { ...emailVerified, data: { ...emailVerified.data, intents: ['equity_protect'] } });
    const steps = [face, mailing].reduce((s, c) => decide(c, s).reduce(evolve, s), state);
    expect(refusal(beneficiaries([100]), steps).code).toBe('SIGN_UP_STEP_NOT_NEEDED');
    expect(decide(pin(), steps).map((e) => e.type)).toEqual(['SignUpPinSet', 'SignUpCompleted']);
  });

  it('given a completed membership sign-up, when another intent comes, then nothing is asked; an Equity Protect sign-up adding a membership opens again for beneficiaries', () => {
    const completed = after(face, mailing, beneficiaries([100]), pin());
    expect(decide(intent('nhd'), completed)).toEqual([]);
    expect(decide(intent('equity_protect'), completed)).toEqual([]);
    const equityStarted: SignUpEvent = { type: 'SignUpStarted', data: { ...details, intent: 'equity_protect', started_at: T0, expires_at: at(SIGN_UP_TTL_SECONDS) } };
    const equityDone = [face, mailing, pin()].reduce(
      (s, c) => decide(c, s).reduce(evolve, s),
      given(equityStarted, password, sent('phone'), phoneVerified, sent('email'), { ...emailVerified, data: { ...emailVerified.data, intents: ['equity_protect'] } }),
    );
    expect(refusal(beneficiaries([100]), equityDone).code).toBe('SIGN_UP_USED');
    const reopened = decide(intent('membership'), equityDone).reduce(evolve, equityDone);
    expect(decide(beneficiaries([100]), reopened).map((e) => e.type)).toEqual(['SignUpBeneficiariesSaved']);
    expect(refusal(intent('membership'), given(started, password))).toMatchObject({ status: 404, code: 'SIGN_UP_NOT_FOUND' });
  });
});

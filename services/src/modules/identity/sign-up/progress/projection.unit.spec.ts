import { describe, expect, it } from 'vitest';
import { storedEvent } from '../../../../../test/stored-event.ts';
import { toProgressEvent, type ProgressEvent } from './events.ts';
import { evolveProgress, signUpProgressProjection, type ProgressDoc } from './projection.ts';
import { completedSteps, currentStep, signUpStatus } from './view.ts';

const T = '2025-03-01T10:00:00.000Z';
const fold = (...events: ProgressEvent[]) => events.reduce<ProgressDoc | null>((doc, event) => evolveProgress(doc, event), null);
const verified: ProgressEvent = { type: 'SignUpEmailVerified', data: { sign_up_id: 'a1', account_id: 'a1', at: T } };
const property = (id: string): ProgressEvent => ({ type: 'PropertyVerified', data: { account_id: 'a1', property_id: id, address_line: '1 Main St', city: 'Fresno', state: 'CA', zip: '93701' } });
const membership = (id: string): ProgressEvent => ({ type: 'MembershipStarted', data: { membership_id: id, account_id: 'a1', plan_id: 'p1', plan_name: 'Yearly' } });
const face: ProgressEvent = { type: 'SignUpFaceSignatureSaved', data: { sign_up_id: 'a1', face_file: 'f', signature_file: 's', saved_at: T } };
const mailing: ProgressEvent = { type: 'SignUpMailingAddressSaved', data: { sign_up_id: 'a1', same_as_property: true, property_id: 'p1', address_encrypted: 'v1.x', saved_at: T } };
const beneficiaries: ProgressEvent = { type: 'SignUpBeneficiariesSaved', data: { sign_up_id: 'a1', count: 2, beneficiaries_encrypted: 'v1.y', saved_at: T } };
const completed: ProgressEvent = { type: 'SignUpCompleted', data: { sign_up_id: 'a1', account_id: 'a1', at: T } };

describe('sign-up progress projection', () => {
  it('given a verified email, then the account is at the property step with nothing done', () => {
    const doc = fold(verified);
    expect(doc).toMatchObject({ account_id: 'a1', signed_up: true, properties: [], pin_set: false, completed_at: null });
    expect(doc && currentStep(doc)).toBe('property');
    expect(signUpStatus(doc)).toEqual({ complete: false, current_step: 'property' });
  });

  it('completes the property step when a letter with a code is on its way (PropertyVerificationPending), once per property', () => {
    const pending: ProgressEvent = { type: 'PropertyVerificationPending', data: { account_id: 'a1', property_id: 'p1', address_line: '1 Main St', city: 'Fresno', state: 'CA', zip: '93701' } };
    const doc = fold(verified, pending);
    expect(doc && completedSteps(doc)).toEqual(['property']);
    expect(fold(verified, pending, property('p1'))?.properties).toHaveLength(1);
  });

  it('walks the steps in the wizard order whatever order the events come in', () => {
    const doc = fold(verified, face, membership('m1'), property('p1'));
    expect(doc && completedSteps(doc)).toEqual(['property', 'face_signature', 'plan']);
    expect(doc && currentStep(doc)).toBe('mailing_address');
    const more = fold(verified, face, membership('m1'), property('p1'), mailing, beneficiaries);
    expect(more && currentStep(more)).toBe('pin');
    const done = fold(verified, face, membership('m1'), property('p1'), mailing, beneficiaries, completed);
    expect(done && currentStep(done)).toBe('done');
    expect(signUpStatus(done)).toEqual({ complete: true, current_step: 'done' });
  });

  it('for Equity Protect, completes the plan step by paying for it instead of a membership; an NHD payment, a membership payment or a renewal alone reads as nothing', () => {
    const stored = (data: Record<string, unknown>) => storedEvent({ type: 'PaymentSucceeded', stream: 'checkout-c1', data: { checkout_id: 'c1', account_id: 'a1', plan_id: '', amount_cents: 9_900, card_brand: 'visa', card_last4: '4242', paid_at: T, payment_intent_id: 'pi', gateway_event_id: 'g', ...data } });
    expect(toProgressEvent(stored({ plan_id: 'monthly' }))).toBeNull();
    const equity = toProgressEvent(stored({ equity_enrolment_id: 'e1' }));
    const nhd = toProgressEvent(stored({ checkout_id: 'c2', nhd_order_id: 'o1' }));
    expect(equity && nhd).toBeTruthy();
    const equityVerified: ProgressEvent = { type: 'SignUpEmailVerified', data: { ...verified.data, intents: ['equity_protect'] } } as ProgressEvent;
    const onlyNhd = fold(equityVerified, property('p1'), face, mailing, ...(nhd ? [nhd] : []));
    expect(onlyNhd && currentStep(onlyNhd)).toBe('plan');
    const doc = fold(equityVerified, property('p1'), face, mailing, ...(equity && nhd ? [nhd, equity] : []));
    expect(doc?.paid_service).toEqual({ kind: 'nhd_order', checkout_id: 'c2' });
    expect(doc?.paid_kinds).toEqual(['nhd_order', 'equity_protect']);
    expect(doc && completedSteps(doc)).toEqual(['property', 'face_signature', 'mailing_address', 'plan']);
    expect(doc && currentStep(doc)).toBe('pin');
    expect(doc?.plan).toBeNull();
    // Who came for a membership still chooses one.
    const member = fold(verified, property('p1'), face, mailing, ...(equity ? [equity] : []));
    expect(member && currentStep(member)).toBe('plan');
  });

  it('an NHD-only account is done once its email and phone are verified; adding a membership asks its steps from the property on', () => {
    const nhdVerified = { type: 'SignUpEmailVerified', data: { ...verified.data, intents: ['nhd'] } } as ProgressEvent;
    const doc = fold(nhdVerified);
    expect(doc && currentStep(doc)).toBe('done');
    expect(signUpStatus(doc)).toEqual({ complete: true, current_step: 'done' });
    expect(doc && completedSteps(doc)).toEqual([]);
    const added: ProgressEvent = { type: 'SignUpIntentAdded', data: { sign_up_id: 'a1', account_id: 'a1', intent: 'membership', at: T } };
    const member = fold(nhdVerified, added, added);
    expect(member?.intents).toEqual(['nhd', 'membership']);
    expect(signUpStatus(member)).toEqual({ complete: false, current_step: 'property' });
  });

  it('keeps each property once and the first membership: a redelivered or later event changes nothing', () => {
    const doc = fold(verified, property('p1'), property('p1'), property('p2'), membership('m1'), membership('m1'), membership('m2'));
    expect(doc?.properties.map((p) => p.property_id)).toEqual(['p1', 'p2']);
    expect(doc?.plan).toEqual({ membership_id: 'm1', plan_id: 'p1', plan_name: 'Yearly' });
  });

  it('given another module\'s event first, then the document exists but the account has not signed up (seeded accounts count as done)', () => {
    const doc = fold(property('p1'));
    expect(doc).toMatchObject({ signed_up: false, properties: [{ property_id: 'p1' }] });
    expect(fold(property('p1'), verified)).toMatchObject({ signed_up: true, properties: [{ property_id: 'p1' }] });
    expect(signUpStatus(null)).toEqual({ complete: true, current_step: 'done' });
  });

  it('reads other modules\' events by account_id and skips a shape it cannot read', () => {
    const good = storedEvent({ type: 'PropertyVerified', stream: 'properties-verification-v1', data: { verification_id: 'v1', account_id: 'a1', property_id: 'p9', address_line: '9 Elm', city: 'Davis', county: 'Yolo', state: 'CA', zip: '95616', apn: '1', verified_at: T } });
    expect(toProgressEvent(good)).toEqual({ type: 'PropertyVerified', data: { account_id: 'a1', property_id: 'p9', address_line: '9 Elm', city: 'Davis', state: 'CA', zip: '95616' } });
    expect(signUpProgressProjection.documentId(good)).toBe('a1');
    expect(toProgressEvent(storedEvent({ type: 'MembershipStarted', stream: 'memberships-membership-m1', data: { account_id: 'a1' } }))).toBeNull();
    expect(toProgressEvent(storedEvent({ type: 'SignUpPinSet', stream: 'identity-signup-a1', data: { pin_hash: 'x' } }))).toBeNull();
    expect(signUpProgressProjection.handles).toEqual(expect.arrayContaining(['PropertyVerified', 'MembershipStarted', 'SignUpEmailVerified']));
  });
});

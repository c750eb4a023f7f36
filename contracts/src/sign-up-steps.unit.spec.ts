import { describe, expect, it } from 'vitest';
import { nextSignUpSteps, stepsMissingToBuy, type SignUpSteps } from './sign-up-steps.ts';
import { nextAccountBrokerage } from './identity.ts';

const fold = (events: { type: string; data: unknown }[]) => events.reduce<SignUpSteps | null>((copy, event) => nextSignUpSteps(copy, event), null);
const id = 'acct-1';

describe('nextSignUpSteps (the copy other modules keep of an account sign-up steps)', () => {
  it('starts when the email code registered the account (a sign-up from before intents is a membership) and adds each step once', () => {
    expect(fold([{ type: 'SignUpFaceSignatureSaved', data: { sign_up_id: id } }])).toBeNull();
    const copy = fold([
      { type: 'SignUpEmailVerified', data: { sign_up_id: id, account_id: id, at: 't' } },
      { type: 'SignUpFaceSignatureSaved', data: { sign_up_id: id, face_file: 'f' } },
      { type: 'SignUpFaceSignatureSaved', data: { sign_up_id: id } },
      { type: 'SignUpMailingAddressSaved', data: { sign_up_id: id } },
      { type: 'SignUpIntentAdded', data: { sign_up_id: id, account_id: id, intent: 'equity_protect', at: 't' } },
      { type: 'SignUpCompleted', data: { sign_up_id: id, account_id: id, at: 't' } },
    ]);
    expect(copy).toEqual({ intents: ['membership', 'equity_protect'], done: ['face_signature', 'mailing_address', 'pin'] });
  });

  it('leaves the copy as it was for an event it cannot read', () => {
    const start = fold([{ type: 'SignUpEmailVerified', data: { sign_up_id: id, account_id: id, at: 't', intents: ['nhd'] } }]);
    expect(nextSignUpSteps(start, { type: 'SignUpMailingAddressSaved', data: { nope: true } })).toEqual({ intents: ['nhd'], done: [] });
    expect(nextSignUpSteps(start, { type: 'SignUpIntentAdded', data: { sign_up_id: id, intent: 'lottery' } })).toEqual(start);
  });
});

describe('stepsMissingToBuy', () => {
  it('asks the steps before the plan step, in the wizard order, of those not done', () => {
    expect(stepsMissingToBuy('membership', [])).toEqual(['property', 'face_signature', 'mailing_address']);
    expect(stepsMissingToBuy('equity_protect', ['property', 'mailing_address'])).toEqual(['face_signature']);
    expect(stepsMissingToBuy('membership', ['property', 'face_signature', 'mailing_address'])).toEqual([]);
    expect(stepsMissingToBuy('nhd', [])).toEqual([]);
  });
});

describe('nextAccountBrokerage', () => {
  it('takes the brokerage from the registration, then from each change', () => {
    const registered = nextAccountBrokerage(null, {
      type: 'AccountRegistered',
      data: { account_id: id, email: 'a@example.test', full_name: 'A', roles: ['Agent'], phone_encrypted: null, phone_masked: null, profile_img: null, brokerage_name: 'Bay Realty' },
    });
    expect(registered).toEqual({ brokerage_name: 'Bay Realty' });
    expect(nextAccountBrokerage(registered, { type: 'AccountBrokerageChanged', data: { account_id: id, brokerage_name: 'Coast Homes', at: 't' } })).toEqual({ brokerage_name: 'Coast Homes' });
    expect(nextAccountBrokerage(null, { type: 'AccountRegistered', data: { account_id: id, email: 'c@example.test', full_name: 'C', roles: ['Customer'], phone_encrypted: null, phone_masked: null, profile_img: null } })).toEqual({ brokerage_name: null });
  });
});

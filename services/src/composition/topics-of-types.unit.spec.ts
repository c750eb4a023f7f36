import { describe, expect, it } from 'vitest';
import { topicsOfTypes } from './distributed.ts';

describe('topicsOfTypes (which topics a Kafka subscription fetches)', () => {
  const modules = [
    { name: 'payments', eventTypes: ['PaymentSucceeded', 'PaymentFailed'] },
    { name: 'memberships', eventTypes: ['MembershipStarted'] },
    { name: 'identity', eventTypes: ['AccountRegistered'] },
  ];
  const topicsFor = topicsOfTypes(modules, 'acpg');

  it('answers only the topics of the modules that write the types', () => {
    expect(topicsFor(['PaymentSucceeded'])).toEqual(['acpg.payments']);
    expect(topicsFor(['MembershipStarted', 'PaymentFailed'])).toEqual(['acpg.payments', 'acpg.memberships']);
  });

  it('answers every topic for a subscription to all types, or to a type no module declares', () => {
    expect(topicsFor()).toEqual(['acpg.payments', 'acpg.memberships', 'acpg.identity']);
    expect(topicsFor(['PaymentSucceeded', 'SomethingElse'])).toEqual(['acpg.payments', 'acpg.memberships', 'acpg.identity']);
  });
});

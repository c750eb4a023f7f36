import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_UPDATED_MESSAGE } from '@acpg/contracts/memberships';
import { membershipStartedData } from '../../../../test/memberships.ts';
import { storedEvent } from '../../../../test/stored-event.ts';
import type { Realtime } from '../../../platform/realtime/port.ts';
import { membershipsProjection, toMembershipView } from './projection.ts';

const started = membershipStartedData();
const stored = storedEvent({ type: 'MembershipStarted', stream: 'memberships-membership-m1', data: started, position: 7 });
const written = { ...membershipsProjection.evolve(null, stored)!, _version: 1, _position: 7 };

describe('memberships read model', () => {
  it('one document per membership, by account', () => {
    expect(membershipsProjection.documentId(stored)).toBe('m1');
    expect(written).toMatchObject({ _id: 'm1', account_id: 'a1', plan_name: 'Monthly', card_last4: '4242', status: 'trialing' });
  });

  it('skips MembershipStarted on a stream that is not a membership', () => {
    expect(membershipsProjection.documentId(storedEvent({ type: 'MembershipStarted', stream: 'payments-x', data: started }))).toBeNull();
  });

  it('answers trialing during the trial and active once it has ended', () => {
    expect(toMembershipView(written, new Date('2026-01-15T00:00:00Z'))).toMatchObject({ id: 'm1', status: 'trialing', version: 1, position: 7 });
    expect(toMembershipView(written, new Date('2026-02-01T00:00:00Z')).status).toBe('active');
  });

  it("states the next charge: the trial's first term, then a switch's price, nothing while cancelling", () => {
    expect(written).toMatchObject({ amount_cents: 1995, renewal_amount_cents: 2495, next_charge_cents: 1995 });
    const at = (type: string, data: object, doc: typeof written) => ({ ...membershipsProjection.evolve(doc, storedEvent({ type, stream: 'memberships-membership-m1', data }))!, _version: 2, _position: 8 });
    const base = { membership_id: 'm1', account_id: 'a1' };
    const switched = at('MembershipPlanSwitchScheduled', { ...base, from_plan_name: 'Monthly', to_plan_name: 'Yearly', effective_at: started.next_renewal_at, scheduled_at: '2026-01-05T00:00:00.000Z', renewal_amount_cents: 19_900 }, written);
    expect(switched).toMatchObject({ switch_to_plan_name: 'Yearly', renewal_amount_cents: 19_900, next_charge_cents: 19_900 });
    expect(toMembershipView(switched, new Date('2026-01-06T00:00:00Z')).next_charge_cents).toBe(19_900);
    const kept = at('MembershipPlanSwitchScheduled', { ...base, from_plan_name: 'Monthly', to_plan_name: null, effective_at: started.next_renewal_at, scheduled_at: '2026-01-06T00:00:00.000Z', renewal_amount_cents: 2495 }, switched);
    expect(kept).toMatchObject({ switch_to_plan_name: null, renewal_amount_cents: 2495, next_charge_cents: 1995 });
    const cancelling = at('MembershipCancellationRequested', { ...base, ends_at: started.next_renewal_at, requested_at: '2026-01-07T00:00:00.000Z' }, kept);
    expect(cancelling).toMatchObject({ next_charge_cents: null });
    expect(at('MembershipResumed', { ...base, resumed_at: '2026-01-08T00:00:00.000Z' }, cancelling)).toMatchObject({ next_charge_cents: 1995 });
  });

  it('pushes membership.updated to the room of its account, with version and position', () => {
    const sent: unknown[][] = [];
    const realtime: Realtime = { toUser: () => {}, toRole: () => {}, toEntity: (...args) => void sent.push(args) };
    membershipsProjection.afterApply?.([{ event: stored, doc: written }, { event: stored, doc: null }], realtime);
    expect(sent).toEqual([['account:a1', MEMBERSHIP_UPDATED_MESSAGE, expect.objectContaining({ id: 'm1', account_id: 'a1', version: 1, position: 7 })]]);
  });
});

import { describe, expect, it } from 'vitest';
import { metaAt } from '../../../../test/command-meta.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { adminshipDecider, type AdminshipCommand, type AdminshipState } from './adminship.ts';

const metadata = metaAt('2026-03-01T10:00:00.000Z', { actor: 'admin-1' });
const run = (state: AdminshipState, command: Omit<AdminshipCommand, 'metadata'>) => {
  const events = adminshipDecider.decide({ ...command, metadata } as AdminshipCommand, state);
  return { events, state: events.reduce(adminshipDecider.evolve, state) };
};
const take = (provider_id: string) => ({ type: 'TakeAdminSeat', data: { account_id: 'a1', provider_id, provider_name: `Provider ${provider_id}` } }) as const;
const release = (provider_id: string) => ({ type: 'ReleaseAdminSeat', data: { account_id: 'a1', provider_id } }) as const;

describe('a Provider Admin seat (one provider at a time)', () => {
  it('is taken once, refused for another provider, and given back only by its provider', () => {
    const taken = run(adminshipDecider.initialState(), take('p1'));
    expect(taken.events).toEqual([{ type: 'ProviderAdminSeatTaken', data: { account_id: 'a1', provider_id: 'p1', provider_name: 'Provider p1', by: 'admin-1', at: '2026-03-01T10:00:00.000Z' } }]);
    expect(run(taken.state, take('p1')).events).toEqual([]);
    const refusal = (() => {
      try {
        run(taken.state, take('p2'));
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ code: 'ALREADY_PROVIDER_ADMIN', message: expect.stringContaining('Provider p1') });
    expect(run(taken.state, release('p2')).events).toEqual([]);
    const released = run(taken.state, release('p1'));
    expect(released.state).toEqual({ provider_id: null, provider_name: null });
    expect(run(released.state, take('p2')).events).toHaveLength(1);
  });
});

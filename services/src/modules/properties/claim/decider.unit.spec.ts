import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { metaAt } from '../../../../test/command-meta.ts';
import { decide, evolve, initialState, waitInWords, type ClaimEvent, type ClaimState } from './decider.ts';

const T0 = '2026-03-01T10:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();
const given = (...events: ClaimEvent[]): ClaimState => events.reduce(evolve, initialState());
const requested = (seconds: number, id = `v${seconds}`): ClaimEvent => ({
  type: 'PropertyVerificationRequested',
  data: { verification_id: id, account_id: 'a1', property_id: 'p1', at: at(seconds) },
});
const request = (seconds: number) => ({ type: 'RequestVerification' as const, data: { verification_id: 'vN', account_id: 'a1', property_id: 'p1' }, metadata: metaAt(at(seconds)) });

describe('property claim decider', () => {
  it('given no starts, when RequestVerification, then the start is recorded', () => {
    expect(decide(request(5), given())).toEqual([{ type: 'PropertyVerificationRequested', data: { verification_id: 'vN', account_id: 'a1', property_id: 'p1', at: at(5) } }]);
  });

  it('given two starts today, when a third is requested, then it is recorded', () => {
    expect(decide(request(100), given(requested(0), requested(50)))).toHaveLength(1);
  });

  it('given three starts within 24 hours, when a fourth is requested, then 429 saying how long to wait', () => {
    try {
      decide(request(3600), given(requested(0), requested(60), requested(120)));
      throw new Error('expected a refusal');
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ kind: 'too_many', code: 'TOO_MANY_VERIFICATIONS', retryAfterSeconds: 24 * 3600 - 3600 });
      expect((error as Error).message).toBe('You started 3 verifications of this property in the last 24 hours. Try again in 23 hours.');
    }
  });

  it('given three starts of which the first is 24 hours old, when another is requested, then it is recorded', () => {
    expect(decide(request(24 * 3600), given(requested(0), requested(60), requested(120)))).toHaveLength(1);
  });

  it('says the wait in hours, else in minutes', () => {
    expect(waitInWords(3600)).toBe('1 hour');
    expect(waitInWords(3599)).toBe('60 minutes');
    expect(waitInWords(61)).toBe('2 minutes');
    expect(waitInWords(1)).toBe('1 minute');
  });
});

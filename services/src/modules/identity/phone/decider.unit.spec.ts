import { describe, expect, it } from 'vitest';
import { metaAt } from '../../../../test/command-meta.ts';
import { decide, evolve, initialState, phoneDigest, phoneStream, type PhoneEvent } from './decider.ts';

const meta = metaAt('2026-03-01T10:00:00.000Z');
const PHONE = '+14155550123';
const reserved: PhoneEvent = { type: 'PhoneReserved', data: { phone_digest: phoneDigest(PHONE), account_id: 'a1' } };

describe('phone reservation decider', () => {
  it('keeps the number out of the stream id and the events', () => {
    expect(phoneStream(PHONE)).not.toContain('4155550123');
    expect(JSON.stringify(decide({ type: 'ReservePhone', data: { phone: PHONE, account_id: 'a1' }, metadata: meta }, initialState()))).not.toContain('4155550123');
  });

  it('reserves a free number, and refuses a reserved one with 409 PHONE_TAKEN', () => {
    expect(decide({ type: 'ReservePhone', data: { phone: PHONE, account_id: 'a1' }, metadata: meta }, initialState())).toEqual([reserved]);
    expect(() => decide({ type: 'ReservePhone', data: { phone: PHONE, account_id: 'a2' }, metadata: meta }, evolve(initialState(), reserved))).toThrow(
      expect.objectContaining({ status: 409, code: 'PHONE_TAKEN' }),
    );
  });

  it('releases only for its holder, after which another account may reserve it', () => {
    const state = evolve(initialState(), reserved);
    expect(decide({ type: 'ReleasePhone', data: { phone: PHONE, account_id: 'a2' }, metadata: meta }, state)).toEqual([]);
    const released = decide({ type: 'ReleasePhone', data: { phone: PHONE, account_id: 'a1' }, metadata: meta }, state);
    expect(released).toEqual([{ type: 'PhoneReleased', data: { phone_digest: phoneDigest(PHONE), account_id: 'a1' } }]);
    const free = released.reduce(evolve, state);
    expect(decide({ type: 'ReservePhone', data: { phone: PHONE, account_id: 'a2' }, metadata: meta }, free)[0]?.type).toBe('PhoneReserved');
  });
});

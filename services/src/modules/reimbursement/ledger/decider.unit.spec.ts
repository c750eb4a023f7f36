import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { metaAt } from '../../../../test/command-meta.ts';
import { decideLedger, evolveLedger, heldByOthers, initialLedger, type LedgerCommand, type LedgerEvent, type LedgerState } from './decider.ts';

const meta = metaAt('2026-11-28T12:00:00.000Z');
const hold = (claim_id: string, cents: number, stage: 'reserved' | 'approved' = 'reserved', outside: Record<string, number> = {}): LedgerCommand => ({
  type: 'HoldCoverage',
  data: { claim_id, cents, stage, limit_cents: 100_000, year_from: '2026-06-01', outside },
  metadata: meta,
});
const after = (state: LedgerState, events: LedgerEvent[]) => events.reduce(evolveLedger, state);
const run = (state: LedgerState, command: LedgerCommand) => after(state, decideLedger(command, state));
const refusedCode = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return `${error.code} ${(error.errors ?? []).map((e) => e.path).join()}`;
    throw error;
  }
  return 'not refused';
};

describe('coverage ledger', () => {
  it('reserves claimed amounts up to the year limit and refuses the claim that no longer fits, on its field', () => {
    let s = run(initialLedger(), hold('a', 60_000));
    s = run(s, hold('b', 30_000));
    expect(refusedCode(() => decideLedger(hold('c', 10_001), s))).toBe('OVER_YEAR_LIMIT amount_cents');
    expect(decideLedger(hold('c', 10_000), s)).toHaveLength(1);
    // The same claim filed again holds nothing more.
    expect(decideLedger(hold('a', 60_000), s)).toEqual([]);
  });

  it('narrows a reservation to the approved amount without a check, releases a rejected claim, and checks an approval of a claim it never held', () => {
    let s = run(initialLedger(), hold('a', 60_000));
    s = run(s, hold('b', 40_000));
    s = run(s, hold('a', 50_000, 'approved'));
    expect(s.held.a).toEqual({ cents: 50_000, stage: 'approved' });
    expect(decideLedger(hold('a', 50_000, 'approved'), s)).toEqual([]);
    // A claim filed before the ledger: checked against the ledger and the approved claims outside it.
    expect(refusedCode(() => decideLedger(hold('old', 10_001, 'approved'), s))).toBe('OVER_YEAR_LIMIT approved_amount_cents');
    s = run(s, { type: 'ReleaseCoverage', data: { claim_id: 'b' }, metadata: meta });
    expect(s.held.b).toBeUndefined();
    expect(decideLedger({ type: 'ReleaseCoverage', data: { claim_id: 'b' }, metadata: meta }, s)).toEqual([]);
    expect(refusedCode(() => decideLedger(hold('old', 40_001, 'approved', { older: 10_000 }), s))).toBe('OVER_YEAR_LIMIT approved_amount_cents');
    expect(decideLedger(hold('old', 40_000, 'approved', { old: 99_999, a: 99_999 }), s)).toHaveLength(1); // itself and held claims: never twice
    expect(heldByOthers(s, 'x', { a: 1, z: 5 })).toBe(50_005);
  });

  it('puts a hold back when the claim step failed, unless the holding changed since', () => {
    let s = run(initialLedger(), hold('a', 60_000));
    s = run(s, hold('a', 50_000, 'approved'));
    const restore: LedgerCommand = { type: 'RestoreCoverage', data: { claim_id: 'a', held: { cents: 50_000, stage: 'approved' }, previous: { cents: 60_000, stage: 'reserved' }, limit_cents: 100_000 }, metadata: meta };
    expect(run(s, restore).held.a).toEqual({ cents: 60_000, stage: 'reserved' });
    const released = run(s, { type: 'ReleaseCoverage', data: { claim_id: 'a' }, metadata: meta });
    expect(decideLedger(restore, released)).toEqual([]);
    const none: LedgerCommand = { type: 'RestoreCoverage', data: { claim_id: 'a', held: { cents: 50_000, stage: 'approved' }, previous: null, limit_cents: 100_000 }, metadata: meta };
    expect(run(s, none).held.a).toBeUndefined();
  });
});

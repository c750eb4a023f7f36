import { COVERAGE_LEDGER_EVENT_TYPES } from '@acpg/contracts/reimbursement';
import type { Command, Decider } from '../../../platform/commands/handle-command.ts';
import { ownEvents, signedBy } from '../../../platform/commands/own-events.ts';
import { overYearLimit, type LimitStage } from '../coverage/rules.ts';

/**
 * The coverage ledger of one membership year (CONTRIBUTING.md "Property reimbursement": the year's limit under concurrency): what each
 * claim holds of the year's limit. A claim reserves its amount when it is filed, holds the approved amount once it is
 * approved, and releases it when it is rejected. Every hold that may pass the limit is decided on the stream's state
 * and appended at the version it was decided on, so of two racing claims (or approvals) the second is decided again
 * on the new total (`handleCommand` retries) and refused in words when it no longer fits.
 */
export interface Holding {
  cents: number;
  stage: LimitStage;
}
export type LedgerState = { held: Record<string, Holding> };

export interface CoverageHeld {
  claim_id: string;
  cents: number;
  stage: LimitStage;
  /** The year's limit the hold was checked against (the terms of the membership's plan version). */
  limit_cents: number;
  by: string;
  at: string;
}
export interface CoverageReleased {
  claim_id: string;
  by: string;
  at: string;
}
export type LedgerEvent = { type: 'ReimbursementCoverageHeld'; data: CoverageHeld } | { type: 'ReimbursementCoverageReleased'; data: CoverageReleased };

interface HoldData {
  claim_id: string;
  cents: number;
  stage: LimitStage;
  limit_cents: number;
  /** The first day of the membership year (for the refusal's words). */
  year_from: string;
  /** Approved amounts of the year's claims filed before the ledger (not held in it), by claim; the limit counts them too. */
  outside: Record<string, number>;
}
/** Reserve (stage `reserved`) or approve (stage `approved`) a claim's amount. */
export type HoldCoverage = Command<'HoldCoverage', HoldData>;
/** Give back what a rejected claim held. */
export type ReleaseCoverage = Command<'ReleaseCoverage', { claim_id: string }>;
/** Put a claim's holding back as it was (a claim step that failed after its hold was appended), unless it changed since (`held`). */
export type RestoreCoverage = Command<'RestoreCoverage', { claim_id: string; held: Holding; previous: Holding | null; limit_cents: number }>;
export type LedgerCommand = HoldCoverage | ReleaseCoverage | RestoreCoverage;

export const initialLedger = (): LedgerState => ({ held: {} });

export const evolveLedger = (state: LedgerState, event: LedgerEvent): LedgerState => {
  switch (event.type) {
    case 'ReimbursementCoverageHeld':
      return { held: { ...state.held, [event.data.claim_id]: { cents: event.data.cents, stage: event.data.stage } } };
    case 'ReimbursementCoverageReleased': {
      const { [event.data.claim_id]: _released, ...rest } = state.held;
      return { held: rest };
    }
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown coverage ledger event ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

/** What the year's limit holds for every claim but `claimId`: the ledger's holdings and the approved claims outside it. */
export const heldByOthers = (state: LedgerState, claimId: string, outside: Record<string, number> = {}): number => {
  let sum = 0;
  for (const [id, holding] of Object.entries(state.held)) if (id !== claimId) sum += holding.cents;
  for (const [id, cents] of Object.entries(outside)) if (id !== claimId && !(id in state.held)) sum += cents;
  return sum;
};

const decideHold = (command: HoldCoverage, state: LedgerState): LedgerEvent[] => {
  const d = command.data;
  const existing = state.held[d.claim_id];
  // The same claim filed again (a double click), or approved again at the same amount: held already.
  if (existing && (d.stage === 'reserved' || (existing.stage === 'approved' && existing.cents === d.cents))) return [];
  // Approving at most what the claim reserved never passes the limit; anything else is checked on this state.
  const narrowing = d.stage === 'approved' && existing !== undefined && d.cents <= existing.cents;
  if (!narrowing) {
    const left = Math.max(0, d.limit_cents - heldByOthers(state, d.claim_id, d.outside));
    if (d.cents > left) throw overYearLimit(d.stage, left, d.limit_cents, d.year_from);
  }
  return [{ type: 'ReimbursementCoverageHeld', data: { claim_id: d.claim_id, cents: d.cents, stage: d.stage, limit_cents: d.limit_cents, ...signedBy(command.metadata) } }];
};

export const decideLedger = (command: LedgerCommand, state: LedgerState): LedgerEvent[] => {
  switch (command.type) {
    case 'HoldCoverage':
      return decideHold(command, state);
    case 'ReleaseCoverage':
      return state.held[command.data.claim_id] ? [{ type: 'ReimbursementCoverageReleased', data: { claim_id: command.data.claim_id, ...signedBy(command.metadata) } }] : [];
    case 'RestoreCoverage': {
      const { claim_id, held, previous, limit_cents } = command.data;
      const now = state.held[claim_id];
      if (now?.cents !== held.cents || now.stage !== held.stage) return []; // changed since (released by a rejection ...)
      if (!previous) return state.held[claim_id] ? [{ type: 'ReimbursementCoverageReleased', data: { claim_id, ...signedBy(command.metadata) } }] : [];
      return [{ type: 'ReimbursementCoverageHeld', data: { claim_id, ...previous, limit_cents, ...signedBy(command.metadata) } }];
    }
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown coverage ledger command ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

export const ledgerDecider: Decider<LedgerCommand, LedgerEvent, LedgerState> = {
  initialState: initialLedger,
  evolve: evolveLedger,
  decide: decideLedger,
  fromStored: ownEvents<LedgerEvent>(COVERAGE_LEDGER_EVENT_TYPES),
};

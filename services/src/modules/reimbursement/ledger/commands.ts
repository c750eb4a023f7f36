import { coverageLedgerStream } from '@acpg/contracts/reimbursement';
import { handleCommand, loadStream, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import type { Platform } from '../../../platform/module.ts';
import { approvedOutside, type LimitStage, type YearClaim } from '../coverage/rules.ts';
import { ledgerDecider, type Holding, type LedgerCommand, type LedgerState } from './decider.ts';

/** The ledger a claim's hold goes to: its membership's year holding the expense, and the year's limit of its plan version. */
export interface LedgerTarget {
  membershipId: string;
  year: { from: string; to: string };
  limitCents: number;
}

type Store = Pick<Platform, 'eventStore'>;

/**
 * Racing holds are decided again on the new total (`handleCommand` retries); as many as requests that may race for
 * one member's year (a member's own clicks, a few reviewers), after which the request is answered 409 CONFLICT.
 */
const RETRIES = 12;

const run = (platform: Store, target: LedgerTarget, command: LedgerCommand) =>
  handleCommand(platform.eventStore, coverageLedgerStream(target.membershipId, target.year.from), ledgerDecider, command, {
    retries: RETRIES,
    conflictMessage: 'Other claims of this membership year were being decided at the same moment. Try again.',
  });

/** The ledger of a membership year as it stands (the fold of its stream, for a command about to decide on it). */
export const ledgerOf = async (platform: Store, membershipId: string, yearFrom: string): Promise<LedgerState> =>
  (await loadStream(platform.eventStore, coverageLedgerStream(membershipId, yearFrom), ledgerDecider)).state;

/**
 * Holds `cents` of the year's limit for a claim (`reserved` on filing, `approved` on approval), or refuses in words
 * (OVER_YEAR_LIMIT) when the ledger, decided at the version it was read, has no room. Answers the claim's holding
 * before, to put it back with `restoreCoverage` when the claim's own step then fails.
 */
export const holdCoverage = async (
  platform: Store,
  target: LedgerTarget,
  hold: { claimId: string; cents: number; stage: LimitStage; yearClaims: readonly YearClaim[] },
  meta: CommandMeta,
): Promise<{ previous: Holding | null; held: Holding; changed: boolean }> => {
  const before = await ledgerOf(platform, target.membershipId, target.year.from);
  const outside = approvedOutside(hold.yearClaims, target.year, before.held);
  const data = { claim_id: hold.claimId, cents: hold.cents, stage: hold.stage, limit_cents: target.limitCents, year_from: target.year.from, outside };
  const handled = await run(platform, target, { type: 'HoldCoverage', data, metadata: meta });
  return { previous: before.held[hold.claimId] ?? null, held: { cents: hold.cents, stage: hold.stage }, changed: handled.events.length > 0 };
};

/** Gives back what a claim held (a rejected claim, or a filing that failed after its reservation). */
export const releaseCoverage = (platform: Store, target: Pick<LedgerTarget, 'membershipId' | 'year'> & { limitCents?: number }, claimId: string, meta: CommandMeta) =>
  run(platform, { limitCents: 0, ...target }, { type: 'ReleaseCoverage', data: { claim_id: claimId }, metadata: meta });

/** Puts a claim's holding back as it was before a hold (`holdCoverage`'s answer) whose claim step then failed. */
export const restoreCoverage = (platform: Store, target: LedgerTarget, claimId: string, hold: { previous: Holding | null; held: Holding }, meta: CommandMeta) =>
  run(platform, target, { type: 'RestoreCoverage', data: { claim_id: claimId, held: hold.held, previous: hold.previous, limit_cents: target.limitCents }, metadata: meta });

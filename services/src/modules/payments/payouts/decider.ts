import { PAYOUT_RECORDED, payoutStream, type PayoutRecorded } from '@acpg/contracts/payments';
import type { Command, Decider } from '../../../platform/commands/handle-command.ts';
import { ownEvents, signedBy } from '../../../platform/commands/own-events.ts';

export { payoutStream };

export type PayoutEvent = { type: typeof PAYOUT_RECORDED; data: PayoutRecorded };
export type RecordPayout = Command<'RecordPayout', Omit<PayoutRecorded, 'by' | 'at'>>;
export type PayoutState = { recorded: PayoutRecorded | null };

/** One payout per claim: its stream is created by the first record (`newStream`), so a second one records nothing. */
export const payoutDecider: Decider<RecordPayout, PayoutEvent, PayoutState> = {
  initialState: () => ({ recorded: null }),
  evolve: (_state, event) => ({ recorded: event.data }),
  decide: (command, state) => {
    switch (command.type) {
      case 'RecordPayout': {
        if (state.recorded) return [];
        return [{ type: PAYOUT_RECORDED, data: { ...command.data, ...signedBy(command.metadata) } }];
      }
      default: {
        const unexpected: never = command.type;
        throw new Error(`Unknown payout command ${String(unexpected)}`);
      }
    }
  },
  fromStored: ownEvents<PayoutEvent>([PAYOUT_RECORDED]),
};

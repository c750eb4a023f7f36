import { savedCardStream, type CardSaved } from '@acpg/contracts/payments';
import type { Command, Decider } from '../../../platform/commands/handle-command.ts';
import { ownEvents } from '../../../platform/commands/own-events.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';

export { savedCardStream };

export type CardEvent = { type: 'CardSaved'; data: CardSaved };
export type SaveCard = Command<'SaveCard', Omit<CardSaved, 'saved_at'>>;
export type CardState = { saved: CardSaved | null };

/** A card saved once, by the account that made it: saving it again changes nothing; another account is refused. */
export const cardDecider: Decider<SaveCard, CardEvent, CardState> = {
  initialState: () => ({ saved: null }),
  evolve: (_state, event) => ({ saved: event.data }),
  decide: (command, state) => {
    switch (command.type) {
      case 'SaveCard': {
        if (state.saved) {
          if (state.saved.account_id !== command.data.account_id) throw new DomainError('not_found', 'PAYMENT_METHOD_NOT_FOUND', 'This card was not found. Enter it again.');
          return [];
        }
        return [{ type: 'CardSaved', data: { ...command.data, saved_at: command.metadata.now.toISOString() } }];
      }
      default: {
        const unexpected: never = command.type;
        throw new Error(`Unknown card command ${String(unexpected)}`);
      }
    }
  },
  fromStored: ownEvents<CardEvent>(['CardSaved']),
};

import { VERIFICATION_RULES } from '@acpg/contracts/properties';
import type { Command, Decider, DomainEvent } from '../../../platform/commands/handle-command.ts';
import { RetryLater } from '../../../platform/commands/domain-error.ts';

/**
 * One account's claim to one property: how many verifications it started and when. Every start is recorded here
 * once its verification exists (appended at the loaded version, so two starts at once are counted both), and at
 * most 3 may start within 24 hours: with 3 tries each, guessing the answers takes days, not minutes.
 */
export const claimStream = (accountId: string, propertyId: string) => `properties-claim-${accountId}-${propertyId}`;

export const START_WINDOW_SECONDS = 24 * 60 * 60;

export type ClaimEvent = DomainEvent<'PropertyVerificationRequested', { verification_id: string; account_id: string; property_id: string; at: string }>;
export type ClaimCommand = Command<'RequestVerification', { verification_id: string; account_id: string; property_id: string }>;
export type ClaimState = { starts: string[] };

export const initialState = (): ClaimState => ({ starts: [] });

export const evolve = (state: ClaimState, event: ClaimEvent): ClaimState => {
  switch (event.type) {
    case 'PropertyVerificationRequested':
      return { starts: [...state.starts, event.data.at] };
    default: {
      const unexpected: never = event.type;
      throw new Error(`Unknown claim event ${String(unexpected)}`);
    }
  }
};

/** "3 hours", "1 hour", "12 minutes": the wait in words. */
export const waitInWords = (seconds: number): string => {
  const hours = Math.floor(seconds / 3600);
  if (hours >= 1) return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
};

export const decide = (command: ClaimCommand, state: ClaimState): ClaimEvent[] => {
  const now = command.metadata.now.getTime();
  switch (command.type) {
    case 'RequestVerification': {
      const recent = state.starts.filter((at) => now - Date.parse(at) < START_WINDOW_SECONDS * 1000);
      if (recent.length >= VERIFICATION_RULES.maxStartsPerDay) {
        const oldest = Math.min(...recent.map((at) => Date.parse(at)));
        const wait = Math.ceil((oldest + START_WINDOW_SECONDS * 1000 - now) / 1000);
        throw new RetryLater(
          'TOO_MANY_VERIFICATIONS',
          `You started ${VERIFICATION_RULES.maxStartsPerDay} verifications of this property in the last 24 hours. Try again in ${waitInWords(wait)}.`,
          wait,
        );
      }
      return [{ type: 'PropertyVerificationRequested', data: { ...command.data, at: command.metadata.now.toISOString() } }];
    }
    default: {
      const unexpected: never = command.type;
      throw new Error(`Unknown claim command ${String(unexpected)}`);
    }
  }
};

export const claimDecider: Decider<ClaimCommand, ClaimEvent, ClaimState> = { initialState, evolve, decide };

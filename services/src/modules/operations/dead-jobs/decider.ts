import { createHash } from 'node:crypto';
import { DEAD_JOB_DISCARDED, DEAD_JOB_RETRIED, type DeadJobActionData } from '@acpg/contracts/operations';
import type { Command, Decider } from '../../../platform/commands/handle-command.ts';
import type { StoredEvent } from '../../../platform/event-store/port.ts';

/**
 * Operators' actions on one dead job: one stream per queue and job id (hashed: ids hold ':' and may be long). Whether
 * the job is dead is the jobs port's to say, atomically, before the command (`commands.ts`): the decider records who
 * did what and why.
 */
export const deadJobStream = (queue: string, jobId: string) =>
  `operations-deadjob-${createHash('sha256').update(`${queue}\u0000${jobId}`).digest('hex').slice(0, 32)}`;

export type DeadJobRetried = { type: typeof DEAD_JOB_RETRIED; data: DeadJobActionData };
export type DeadJobDiscarded = { type: typeof DEAD_JOB_DISCARDED; data: DeadJobActionData };
export type DeadJobEvent = DeadJobRetried | DeadJobDiscarded;
export const DEAD_JOB_EVENTS = [DEAD_JOB_RETRIED, DEAD_JOB_DISCARDED] as const;

type ActionInput = Omit<DeadJobActionData, 'by' | 'at'>;
export type RecordRetry = Command<'RecordRetry', ActionInput>;
export type RecordDiscard = Command<'RecordDiscard', ActionInput>;
export type DeadJobCommand = RecordRetry | RecordDiscard;

export interface DeadJobState {
  retried: number;
  discarded: boolean;
}

export const evolveDeadJob = (state: DeadJobState, event: DeadJobEvent): DeadJobState => {
  switch (event.type) {
    case DEAD_JOB_RETRIED:
      return { ...state, retried: state.retried + 1 };
    case DEAD_JOB_DISCARDED:
      return { ...state, discarded: true };
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown dead job event ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

export const decideDeadJob = (command: DeadJobCommand, _state: DeadJobState): DeadJobEvent[] => {
  const data: DeadJobActionData = { ...command.data, by: command.metadata.actor ?? 'unknown', at: command.metadata.now.toISOString() };
  switch (command.type) {
    case 'RecordRetry':
      return [{ type: DEAD_JOB_RETRIED, data }];
    case 'RecordDiscard':
      return [{ type: DEAD_JOB_DISCARDED, data }];
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown dead job command ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

/** Reads a stored event back (null for other types). Not re-validated: an event is a fact. */
export const toDeadJobEvent = (event: StoredEvent): DeadJobEvent | null => {
  switch (event.type) {
    case DEAD_JOB_RETRIED:
      return { type: DEAD_JOB_RETRIED, data: event.data as DeadJobActionData };
    case DEAD_JOB_DISCARDED:
      return { type: DEAD_JOB_DISCARDED, data: event.data as DeadJobActionData };
    default:
      return null;
  }
};

export const deadJobDecider: Decider<DeadJobCommand, DeadJobEvent, DeadJobState> = {
  initialState: () => ({ retried: 0, discarded: false }),
  evolve: evolveDeadJob,
  decide: decideDeadJob,
  fromStored: toDeadJobEvent,
};

import type { z } from 'zod';
import type { Command, Decider } from '../../platform/commands/handle-command.ts';
import type { CommandMeta } from '../../platform/commands/metadata.ts';
import { checkedBy } from '../../platform/commands/domain-error.ts';
import type { StoredEvent } from '../../platform/event-store/port.ts';

/** What a piece of content published whole needs: the body checked on publishing, the event's data read back. */
export interface PublishSpec<Key extends string, CommandType extends string, EventType extends string, Body, Data> {
  /** The state's one field: what is live, or null before the first publication. */
  key: Key;
  command: CommandType;
  event: EventType;
  /** The contract's body of the command, checked by the decider (a seed passes no route's validation). */
  body: z.ZodType<Body>;
  /** The contract's schema of the event's data as stored (old shapes read back as the current one). */
  stored: z.ZodType<Data>;
  /** The refusal's sentence when the body is not valid ("The blog post is not valid."). */
  invalid: string;
  /** The event's data from the checked body and what is live now. */
  toData: (body: Body, live: Data | null, metadata: CommandMeta) => Data;
}

type State<Key extends string, Data> = { [K in Key]: Data | null };

/**
 * The decider of a piece of content published whole (a public page, a blog post): one command, one event that holds
 * the whole content. Publishing what is already live adds no event, so the seed and retried requests change nothing.
 */
export const publishDecider = <Key extends string, CommandType extends string, EventType extends string, Body, Data>(spec: PublishSpec<Key, CommandType, EventType, Body, Data>) => {
  type Published = { type: EventType; data: Data };
  const stateOf = (live: Data | null) => ({ [spec.key]: live }) as State<Key, Data>;
  const decider = {
    initialState: (): State<Key, Data> => stateOf(null),
    evolve: (_state: State<Key, Data>, event: Published): State<Key, Data> => stateOf(event.data),
    decide: (command: Command<CommandType, Body>, state: State<Key, Data>): Published[] => {
      const live = state[spec.key];
      const data = spec.toData(checkedBy(spec.body, command.data, spec.invalid), live, command.metadata);
      if (live && JSON.stringify(live) === JSON.stringify(data)) return [];
      return [{ type: spec.event, data }];
    },
    /** Null for types this aggregate does not know. */
    fromStored: (event: StoredEvent): Published | null => (event.type === spec.event ? { type: spec.event, data: spec.stored.parse(event.data) } : null),
  };
  return decider satisfies Decider<Command<CommandType, Body>, Published, State<Key, Data>>;
};

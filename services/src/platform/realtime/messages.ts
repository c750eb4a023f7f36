import type { z } from 'zod';

/**
 * A message the server pushes over the live channel, as a module declares it (`Module.pushes`): its name, what it
 * carries (the contract's zod schema, turned into JSON Schema for /api/v1/asyncapi.json) and the rooms it goes to
 * (`<kind>:{id}` entity rooms, `role:<role>`, `user:{id}`). The hub refuses a push whose name no module declares.
 */
export interface LiveMessage {
  name: string;
  summary: string;
  payload: z.ZodType;
  rooms: readonly string[];
}

export const liveMessage = (message: LiveMessage): LiveMessage => message;

/** Every declared message name, for the hub's check; two modules declaring one name fail at start. */
export const liveMessageNames = (modules: readonly { name: string; pushes?: readonly LiveMessage[] }[]): ReadonlySet<string> => {
  const owners = new Map<string, string>();
  for (const module of modules) {
    for (const message of module.pushes ?? []) {
      const owner = owners.get(message.name);
      if (owner) throw new Error(`Live message "${message.name}" is declared by both ${owner} and ${module.name}`);
      owners.set(message.name, module.name);
    }
  }
  return new Set(owners.keys());
};

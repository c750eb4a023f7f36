import type { CommandMeta } from '../src/platform/commands/metadata.ts';

/** Command metadata for tests: a fixed time, a named actor and numbered ids (`id-1`, `id-2`, ...). */
export const metaAt = (now: string | Date, overrides: Partial<CommandMeta> = {}): CommandMeta => {
  let n = 0;
  return { now: new Date(now), actor: 'test', correlationId: 'corr-1', causationId: null, newId: () => `id-${++n}`, ...overrides };
};

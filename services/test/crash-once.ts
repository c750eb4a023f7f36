import { expect } from 'vitest';
import type { Platform } from '../src/platform/module.ts';

/**
 * A process that dies once, just before the first append of an event of `type`: the request answers 500 and
 * nothing of that append (or after it) is written. `restore()` puts the store back; `crashed()` says it happened.
 * `platform.eventStore` is the module-streams proxy, so it is wrapped again here rather than patched in place.
 */
export const crashBeforeAppendOf = (platform: Platform, type: string) => {
  const store = platform.eventStore;
  let crashed = false;
  const append: typeof store.append = async (stream, expectedVersion, events) => {
    if (!crashed && events.some((e) => e.type === type)) {
      crashed = true;
      throw new Error(`the process died before ${type}`);
    }
    return store.append(stream, expectedVersion, events);
  };
  platform.eventStore = new Proxy(store, { get: (target, property) => (property === 'append' ? append : Reflect.get(target, property)) });
  return { crashed: () => crashed, restore: () => void (platform.eventStore = store) };
};

/** `send()` answers 500 because the process dies before appending `type` (`crashBeforeAppendOf`), which did happen; the store is put back whatever the answer. */
export const expectCrashBefore = async (platform: Platform, type: string, send: () => Promise<{ statusCode: number }>) => {
  const crash = crashBeforeAppendOf(platform, type);
  try {
    expect((await send()).statusCode).toBe(500);
  } finally {
    crash.restore();
  }
  expect(crash.crashed()).toBe(true);
};

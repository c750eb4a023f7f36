import type { Doc } from '../documents/port.ts';
import type { Platform } from '../module.ts';
import type { Projection } from '../projections/port.ts';
import { RetryLater } from '../commands/domain-error.ts';

/**
 * Reads one document of a module's local copy once the copy has caught up with the log (`Platform.caughtUp`): an order
 * placed a moment ago, or a property verified a moment ago, is there; an unknown id answers null without waiting longer.
 */
export const readCopy = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, copy: Projection, id: string): Promise<Doc | null> => {
  await platform.caughtUp(copy);
  return platform.documents.get(copy.collection, id);
};

/**
 * A thing the caller names by id that its copy does not hold while the copy is still behind the log (the projector is
 * busy, or restarting): it may have been made a moment ago, so "not found" would be wrong. 429 with Retry-After.
 */
export const stillRecording = () =>
  new RetryLater('STILL_BEING_RECORDED', 'This was made a moment ago and is still being recorded. Try again in a moment.', 2);

/** As `readCopy`, but an id the copy does not hold while it is behind the log refuses with `stillRecording`. */
export const readCopyOrWait = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, copy: Projection, id: string): Promise<Doc | null> => {
  const caughtUp = await platform.caughtUp(copy);
  const doc = await platform.documents.get(copy.collection, id);
  if (!doc && !caughtUp) throw stillRecording();
  return doc;
};

/** Every document of a local copy matching `filter`, once it has caught up with the log. */
export const findInCopy = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, copy: Projection, filter?: Record<string, unknown>, options?: { limit?: number }): Promise<Doc[]> => {
  await platform.caughtUp(copy);
  return platform.documents.find(copy.collection, filter, options);
};

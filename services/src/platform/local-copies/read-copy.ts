import type { Doc } from '../documents/port.ts';
import type { Platform } from '../module.ts';
import type { Projection } from '../projections/port.ts';

/**
 * Reads one document of a module's local copy once the copy has caught up with the log (`Platform.caughtUp`): an order
 * placed a moment ago, or a property verified a moment ago, is there; an unknown id answers null without waiting longer.
 */
export const readCopy = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, copy: Projection, id: string): Promise<Doc | null> => {
  await platform.caughtUp(copy);
  return platform.documents.get(copy.collection, id);
};

/** Every document of a local copy matching `filter`, once it has caught up with the log. */
export const findInCopy = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, copy: Projection, filter?: Record<string, unknown>, options?: { limit?: number }): Promise<Doc[]> => {
  await platform.caughtUp(copy);
  return platform.documents.find(copy.collection, filter, options);
};

import type { EventStore } from '../event-store/port.ts';
import type { Projection, ProjectionStore } from './port.ts';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `Platform.caughtUp`: a read model has caught up with the log as it stood when asked once no event of its types up to
 * that head lies past its checkpoint (events appended since do not count, so a busy log never keeps a reader waiting).
 * Polls (5 ms, doubling to 100 ms) until it has or `waitMs` runs out.
 */
export const caughtUpWith =
  (eventStore: Pick<EventStore, 'readAll' | 'headPosition'>, store: Pick<ProjectionStore, 'checkpoint'>) =>
  async (projection: Projection, { waitMs = 2000 }: { waitMs?: number } = {}): Promise<boolean> => {
    const deadline = Date.now() + waitMs;
    const head = await eventStore.headPosition();
    for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
      const after = await store.checkpoint(projection);
      if (after >= head) return true;
      const [ahead] = await eventStore.readAll({ after, limit: 1, types: projection.handles });
      if (!ahead || ahead.position > head) return true;
      if (Date.now() >= deadline) return false;
      await pause(Math.min(wait, Math.max(0, deadline - Date.now())));
    }
  };

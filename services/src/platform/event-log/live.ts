import { rolesWith } from '@acpg/contracts/role-permissions';
import { EVENTS_APPENDED_MESSAGE, EventsAppended, type EventSummary } from '@acpg/contracts/event-log';
import { liveMessage } from '../realtime/messages.ts';
import type { Platform } from '../module.ts';

/** The most events one push carries; beyond, it says `gap` and the screen reads the tail again. */
export const FEED_BATCH = 100;
/** The least time between two pushes: a burst of appends is one push of everything since the last. */
export const FEED_INTERVAL_MS = 400;
/** Where appends of other processes wake nothing here (distributed profile), the head is polled this often. */
const POLL_MS = 1000;

const FEED_ROOMS = rolesWith('events.read').map((role) => `role:${role}`);

/** The live feed's message, declared beside the modules' (the hub refuses undeclared pushes; AsyncAPI lists it). */
export const EVENT_LOG_DECLARATIONS = {
  name: 'platform',
  pushes: [
    liveMessage({
      name: EVENTS_APPENDED_MESSAGE,
      summary: 'New events for the admin Events screen, newest first, without their data (at most a few pushes a second)',
      payload: EventsAppended,
      rooms: FEED_ROOMS,
    }),
  ],
};

const summaryOf = (e: EventSummary): EventSummary => ({
  position: e.position,
  id: e.id,
  type: e.type,
  stream: e.stream,
  version: e.version,
  occurredAt: e.occurredAt,
  correlationId: e.correlationId,
});

/**
 * Pushes the events appended since the last push to the role rooms of `events.read` (a socket joins its roles' rooms
 * at connect, so only such callers get them). Cheap for ingest: an append only schedules a timer; at most one read of
 * the newest `FEED_BATCH` events (no data sent) per `FEED_INTERVAL_MS`. Runs where projections run (one place per
 * deployment), so each event is pushed once.
 */
export const startEventsFeed = (platform: Pick<Platform, 'eventStore' | 'realtime' | 'log' | 'config'>, options: { intervalMs?: number } = {}) => {
  const { eventStore, realtime, log } = platform;
  const intervalMs = options.intervalMs ?? FEED_INTERVAL_MS;
  let last: number | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const push = async () => {
    const head = await eventStore.headPosition();
    if (last === null || head <= last) {
      last ??= head;
      return;
    }
    const since = last;
    const newest = await eventStore.readLatest({ limit: FEED_BATCH + 1 });
    const fresh = newest.filter((e) => e.position > since);
    last = Math.max(since, ...fresh.map((e) => e.position));
    const events = fresh.slice(0, FEED_BATCH).map(summaryOf);
    if (events.length === 0) return;
    const payload: EventsAppended = { events, head: last, gap: fresh.length > FEED_BATCH };
    for (const role of rolesWith('events.read')) realtime.toRole(role, EVENTS_APPENDED_MESSAGE, payload);
  };

  const schedule = () => {
    if (timer || stopped) return;
    timer = setTimeout(() => {
      running = push()
        .catch((error: unknown) => log.warn({ err: error }, 'events feed: push failed'))
        .finally(() => {
          timer = null;
          running = null;
        });
    }, intervalMs);
  };

  void eventStore.headPosition().then(
    (head) => void (last ??= head),
    (error: unknown) => log.warn({ err: error }, 'events feed: head unknown'),
  );
  const unsubscribe = eventStore.onAppended(() => schedule());
  const poll = platform.config.MODE === 'distributed' ? setInterval(schedule, POLL_MS) : null;

  return {
    async stop() {
      stopped = true;
      unsubscribe();
      if (poll) clearInterval(poll);
      if (timer) clearTimeout(timer);
      await running;
    },
  };
};

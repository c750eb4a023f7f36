import type { Logger } from 'pino';
import type { StoredEvent } from '../event-store/port.ts';

/** Exponential backoff for retrying the same work: 100 ms, 200 ms, ... capped at 30 s. */
export const backoffMs = (attempt: number, initialMs = 100, maxMs = 30_000): number =>
  Math.min(maxMs, initialMs * 2 ** Math.max(0, attempt - 1));

export interface RetryOptions {
  /** The event in hand, for the log. */
  event: StoredEvent;
  wake: Wakeable;
  /** Waits between tries (a bus may keep its group membership alive meanwhile). */
  pause: (ms: number) => Promise<void>;
  log: Logger | undefined;
  initialMs: number;
  maxMs: number;
}

/**
 * Runs a handler's `work` until it succeeds, backing off between tries and never skipping the event; false when the
 * subscription stopped first. Both buses deliver this way.
 */
export const retryUntilDone = async (work: () => Promise<void>, { event, wake, pause, log, initialMs, maxMs }: RetryOptions): Promise<boolean> => {
  for (let attempt = 1; !wake.interrupted; attempt++) {
    try {
      await work();
      return true;
    } catch (error) {
      const delay = backoffMs(attempt, initialMs, maxMs);
      log?.error(
        { err: error, eventId: event.id, type: event.type, stream: event.stream, position: event.position, attempt, retryInMs: delay },
        'event handler failed; retrying the same event',
      );
      await pause(delay);
    }
  }
  return false;
};

/**
 * A wait that ends early: `wake()` ends the current `wait` (new work arrived), `interrupt()` ends
 * waits and sleeps for good (stopping). A wake that arrives while nobody waits is kept for the next wait.
 */
export class Wakeable {
  #pending = false;
  #interrupted = false;
  #release: (() => void) | undefined;

  wake(): void {
    if (this.#release) this.#release();
    else this.#pending = true;
  }

  interrupt(): void {
    this.#interrupted = true;
    this.#release?.();
  }

  get interrupted(): boolean {
    return this.#interrupted;
  }

  /** Resolves on `wake()`, on `interrupt()` or after `ms`. */
  wait(ms: number): Promise<void> {
    if (this.#pending || this.#interrupted) {
      this.#pending = false;
      return Promise.resolve();
    }
    return this.#block(ms, true);
  }

  /** Resolves after `ms` or on `interrupt()`; a `wake()` does not shorten it (used for backoff). */
  sleep(ms: number): Promise<void> {
    if (this.#interrupted) return Promise.resolve();
    return this.#block(ms, false);
  }

  #block(ms: number, wakeable: boolean): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (this.#release === release) this.#release = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      const release = wakeable ? done : () => {
        if (this.#interrupted) done();
        else this.#pending = true;
      };
      this.#release = release;
    });
  }
}

/** Exponential backoff for retrying the same work: 100 ms, 200 ms, ... capped at 30 s. */
export const backoffMs = (attempt: number, initialMs = 100, maxMs = 30_000): number =>
  Math.min(maxMs, initialMs * 2 ** Math.max(0, attempt - 1));

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

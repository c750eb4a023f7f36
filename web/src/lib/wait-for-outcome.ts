/** How long to keep asking about something settled elsewhere (a payment, what a payment starts), and how often (ms). */
export interface OutcomeWait {
  everyMs: number;
  forMs: number;
  /** Ask at once (true), or first wait `everyMs` (default: the caller has just had an answer that was not final). */
  readFirst?: boolean;
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', done);
      resolve();
    }, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * The one way the web waits for a payment's outcome: asks `read` every `everyMs` until `settled(answer)` or `forMs`
 * has passed, and resolves with the last answer (null: no answer came). A failed read (a lost answer) is asked again;
 * the deadline still ends the wait. The signal stops it (rejects with the abort).
 */
export async function waitForOutcome<T>(read: (signal: AbortSignal) => Promise<T>, settled: (answer: T) => boolean, wait: OutcomeWait, signal: AbortSignal): Promise<T | null> {
  const until = Date.now() + wait.forMs;
  let last: T | null = null;
  for (let first = true; ; first = false) {
    if (!first || !wait.readFirst) {
      if (Date.now() + wait.everyMs > until) return last;
      await pause(wait.everyMs, signal);
    }
    try {
      last = await read(signal);
      if (settled(last)) return last;
    } catch (error) {
      if (signal.aborted) throw error;
    }
  }
}

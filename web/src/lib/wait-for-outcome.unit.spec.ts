import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitForOutcome } from './wait-for-outcome.ts';

type Answer = { status: 'processing' | 'succeeded' };
const processing: Answer = { status: 'processing' };
const succeeded: Answer = { status: 'succeeded' };
const settled = (a: Answer) => a.status !== 'processing';

/** Answers from a script, one a call (an Error is a lost answer); counts the calls. */
function server(script: (Answer | Error)[]) {
  const calls: number[] = [];
  const read = async () => {
    calls.push(Date.now());
    const next = script[Math.min(calls.length, script.length) - 1]!;
    if (next instanceof Error) throw next;
    return next;
  };
  return { read, calls };
}

describe('waiting for a payment outcome', () => {
  // Timers are the clock: the test moves time on instead of sleeping.
  afterEach(() => vi.useRealTimers());

  it('asks every interval, through a lost answer, until the outcome is settled', async () => {
    vi.useFakeTimers();
    const s = server([processing, new Error('lost'), processing, succeeded]);
    const outcome = waitForOutcome(s.read, settled, { everyMs: 1000, forMs: 60_000 }, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(999);
    expect(s.calls).toHaveLength(0); // it had just been told "processing": it waits first
    await vi.advanceTimersByTimeAsync(4000);
    await expect(outcome).resolves.toEqual(succeeded);
    expect(s.calls).toHaveLength(4);
  });

  it('gives up at its deadline with the last answer', async () => {
    vi.useFakeTimers();
    const s = server([processing]);
    const outcome = waitForOutcome(s.read, settled, { everyMs: 1000, forMs: 3500, readFirst: true }, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(outcome).resolves.toEqual(processing);
    expect(s.calls).toHaveLength(4); // at once, then at 1, 2 and 3 s: the next would be past the deadline
  });

  it('answers null when no answer came before the deadline', async () => {
    vi.useFakeTimers();
    const s = server([new Error('lost')]);
    const outcome = waitForOutcome(s.read, settled, { everyMs: 1000, forMs: 2000 }, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(5000);
    await expect(outcome).resolves.toBeNull();
  });

  it('stops when the screen goes away', async () => {
    vi.useFakeTimers();
    const s = server([processing]);
    const leave = new AbortController();
    const outcome = waitForOutcome(s.read, settled, { everyMs: 1000, forMs: 60_000 }, leave.signal);
    const stopped = expect(outcome).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(1000);
    leave.abort();
    await stopped;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(s.calls).toHaveLength(1);
  });
});

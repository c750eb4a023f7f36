import { Agent, request } from 'undici';

export interface OpenLoopResult {
  sent: number;
  ok: number;
  failed: number;
  p50: number;
  p99: number;
  achieved: number;
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * Open-loop load at a fixed rate: requests leave on an even schedule whatever the server's speed, and each latency
 * is measured from the moment the request was due, so a stall shows up in the figures instead of slowing the
 * generator down (no coordinated omission, no bursts).
 */
export const openLoop = async (options: { url: string; body: string; headers: Record<string, string>; rate: number; seconds: number }): Promise<OpenLoopResult> => {
  const agent = new Agent({ connections: 64, pipelining: 1, keepAliveTimeout: 10_000 });
  const latencies: number[] = [];
  let failed = 0;
  const pending: Promise<void>[] = [];
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const start = performance.now();
  for (let i = 0; i < total; i += 1) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    // Late: count from when it was due (the stall is the server's or the machine's); early by a timer tick: from now.
    const from = Math.min(due, performance.now());
    pending.push(
      request(options.url, { method: 'POST', body: options.body, headers: options.headers, dispatcher: agent }).then(
        async (response) => {
          await response.body.dump();
          if (response.statusCode === 200) latencies.push(performance.now() - from);
          else failed += 1;
        },
        () => {
          failed += 1;
        },
      ),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  await agent.close();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    sent: total,
    ok: latencies.length,
    failed,
    p50: Math.round(percentile(sorted, 50) * 10) / 10,
    p99: Math.round(percentile(sorted, 99) * 10) / 10,
    achieved: Math.round(latencies.length / elapsed),
  };
};

import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { ReportInput } from './pdf.ts';

/** What crosses to the worker thread: plain data (the date as ISO text). */
export type RenderInput = Omit<ReportInput, 'preparedAt'> & { preparedAt: string };
export interface RenderOutput {
  bytes: Uint8Array;
  pageCount: number;
}

let pool: Piscina<RenderInput, RenderOutput> | null = null;

/**
 * Renders a report on a worker thread (piscina): pdfkit's layout is synchronous CPU work, milliseconds a report, which
 * on the main thread would delay every request and live push behind it. Threads start on demand and end when idle,
 * so a process that makes no report runs none.
 */
export const renderReportOffThread = async (input: ReportInput): Promise<{ bytes: Buffer; pageCount: number }> => {
  pool ??= new Piscina<RenderInput, RenderOutput>({
    filename: new URL('./render-task.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: Math.max(1, Math.min(2, availableParallelism() - 1)),
    idleTimeout: 2_000,
  });
  const out = await pool.run({ order: input.order, hazards: input.hazards, preparedAt: input.preparedAt.toISOString(), timeZone: input.timeZone });
  return { bytes: Buffer.from(out.bytes.buffer, out.bytes.byteOffset, out.bytes.byteLength), pageCount: out.pageCount };
};

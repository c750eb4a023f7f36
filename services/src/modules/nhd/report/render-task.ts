import { nhdReportPdf } from './pdf.ts';
import type { RenderInput, RenderOutput } from './render-pool.ts';

/** Runs in a worker thread (render-pool.ts): one report rendered off the main thread. */
export default async function render(input: RenderInput): Promise<RenderOutput> {
  const { bytes, pageCount } = await nhdReportPdf({ order: input.order, hazards: input.hazards, preparedAt: new Date(input.preparedAt), timeZone: input.timeZone });
  return { bytes, pageCount };
}

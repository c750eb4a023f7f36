import { EventEnvelope } from '@acpg/contracts/envelope';
import { z } from 'zod';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { PermanentJobError } from '../../../platform/jobs/errors.ts';
import { defineJob } from '../../../platform/jobs/define.ts';
import type { Platform } from '../../../platform/module.ts';
import { PDF_CONTENT_TYPE } from '../../../platform/pdf/document.ts';
import { propertyData } from '../../../platform/property-data/select.ts';
import { loadOrder, runOrderCommand } from '../order/commands.ts';
import type { Reaction } from '../../../platform/reactions/port.ts';
import { renderReportOffThread } from './render-pool.ts';
import { timeZoneOf } from '../../../platform/local-copies/account-time-zones.ts';

export const REPORTS_QUEUE = 'nhd-reports';
/** Runs of one report (each job run that began counts, a killed one too) before the order is marked failed. */
export const REPORT_MAX_RUNS = 5;
/** Job attempts above the runs: a run killed mid-way (process gone) still leaves the job to try again. */
const reportJob = defineJob({ queue: REPORTS_QUEUE, name: 'make', data: z.object({ cause: EventEnvelope }), attempts: REPORT_MAX_RUNS + 3, backoffMs: 1000, what: 'report job' });
export const reportFileKey = (orderId: string) => `nhd/reports/${orderId}.pdf`;

/** A paid order (or a failed report asked for again) gets its report made by a job on the worker role. */
export const reportReaction: Reaction = {
  name: 'nhd.report',
  handles: ['NhdOrderPaid', 'NhdReportRetried'],
  async jobs(event) {
    return [reportJob.job({ cause: event })];
  },
};

/**
 * Makes the order's report: begins a run (`NhdReportGenerationStarted`), renders the PDF from the property record's
 * hazard flags, keeps it encrypted (`nhd/reports/<order>.pdf`: it names the recipients; putting it again replaces the same bytes), then records
 * `NhdReportReady`. A run on an order past processing (made already, cancelled) does nothing. After REPORT_MAX_RUNS
 * runs that began, a failure is recorded on the order (`NhdReportFailed`) for a Super Admin to retry.
 */
export const makeReport = async (platform: Platform, cause: EventEnvelope): Promise<void> => {
  const orderId = (cause.data as { order_id?: unknown }).order_id;
  if (typeof orderId !== 'string') throw new PermanentJobError('the event names no order');
  const metadata = () => systemMeta(platform, { actor: 'system', cause });
  const order = await loadOrder(platform, orderId);
  if (order.status === 'none') throw new PermanentJobError(`order ${orderId} does not exist`);
  if (order.status !== 'paid' && order.status !== 'processing') return; // made already, cancelled or failed
  const { state } = await runOrderCommand(platform, orderId, { type: 'StartReport', data: {}, metadata: metadata() });
  const run = state.status === 'none' ? 0 : state.reportAttempts;
  try {
    const property = await propertyData().findById(order.placed.property.property_id);
    if (!property) throw new PermanentJobError(`the property record ${order.placed.property.property_id} is no longer in the property data`);
    const preparedAt = new Date(order.paid?.at ?? order.placed.at);
    const timeZone = await timeZoneOf(platform, 'nhd', order.placed.account_id);
    const { bytes, pageCount } = await renderReportOffThread({ order: order.placed, hazards: property.hazards, preparedAt, timeZone });
    await platform.files.put(reportFileKey(orderId), bytes, { contentType: PDF_CONTENT_TYPE, encrypted: true });
    await runOrderCommand(platform, orderId, { type: 'RecordReportReady', data: { file_key: reportFileKey(orderId), page_count: pageCount, byte_length: bytes.length }, metadata: metadata() });
  } catch (error) {
    const permanent = error instanceof PermanentJobError;
    if (!permanent && run < REPORT_MAX_RUNS) throw error; // tried again with backoff
    const reason = permanent ? error.message : 'the report could not be generated after several tries';
    await runOrderCommand(platform, orderId, { type: 'RecordReportFailure', data: { reason }, metadata: metadata() });
  }
};

export const reportWorker = reportJob.worker((platform, { cause }) => makeReport(platform, cause), { concurrency: 2 });

import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { ReportType, ReportTypeBody, ReportTypeList, ReportTypeParams } from '@acpg/contracts/nhd';
import { handleCommand, loadStream } from '../../../platform/commands/handle-command.ts';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import type { Platform } from '../../../platform/module.ts';
import { documentAtVersion, documentsOnceAny } from '../../../platform/projections/caught-up.ts';
import { reportTypeDecider, reportTypeStream } from './decider.ts';
import { REPORT_TYPES_COLLECTION, reportTypeOf, toReportType } from './projection.ts';

const OVERSEE = { auth: { capability: 'nhd.oversee' } } as const;

/** Every report type's latest definition, from the read model `nhd_report_types`, by code. */
export const reportTypes = async (platform: Pick<Platform, 'documents'>): Promise<ReportType[]> =>
  (await documentsOnceAny(platform.documents, REPORT_TYPES_COLLECTION))
    .map(reportTypeOf)
    .filter((type): type is ReportType => type !== null)
    .sort((a, b) => a.code - b.code);

/** One report type as last defined (what an order placed now costs), or null. */
export const reportTypeByCode = async (platform: Pick<Platform, 'eventStore'>, code: number): Promise<ReportType | null> => {
  const { state } = await loadStream(platform.eventStore, reportTypeStream(code), reportTypeDecider);
  return state.current ? toReportType(state.current) : null;
};

/** Report types: the active ones for anyone ordering; all of them, and their edits, for Super Admins. */
export const reportTypeRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/nhd/report-types',
      {
        config: { auth: 'public' },
        schema: { tags: ['nhd'], summary: 'The NHD report types on offer, with their prices (cents)', response: { 200: okEnvelope(ReportTypeList) } },
      },
      async () => ({ success: true as const, data: { items: (await reportTypes(platform)).filter((t) => t.is_active) } }),
    );
    app.get(
      '/admin/nhd/report-types',
      {
        config: OVERSEE,
        schema: {
          tags: ['nhd'],
          summary: 'Every NHD report type, active or not (Super Admin)',
          security: [{ bearer: [] }],
          response: { 200: okEnvelope(ReportTypeList), 401: ErrorEnvelope, 403: ErrorEnvelope },
        },
      },
      async () => ({ success: true as const, data: { items: await reportTypes(platform) } }),
    );
    app.put(
      '/admin/nhd/report-types/:code',
      {
        config: OVERSEE,
        schema: {
          tags: ['nhd'],
          summary: 'Define a report type (new code) or change one: the price reaches orders placed from now on (Super Admin)',
          security: [{ bearer: [] }],
          params: ReportTypeParams,
          body: ReportTypeBody,
          response: { 200: okEnvelope(ReportType), 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope },
        },
      },
      async (request) => {
        const data = { code: request.params.code, ...request.body };
        const { state, version } = await handleCommand(platform.eventStore, reportTypeStream(data.code), reportTypeDecider, { type: 'DefineReportType', data, metadata: requestMeta(request, platform) }, { retries: 3 });
        if (!state.current) throw new Error('a defined report type has a state');
        // The lists read the read model: one asked right after this answer sees the change.
        await documentAtVersion(platform.documents, REPORT_TYPES_COLLECTION, String(data.code), version);
        return { success: true as const, data: toReportType(state.current), message: `${data.name} saved.` };
      },
    );
  };

import { NhdReportTypeDefined, ReportType } from '@acpg/contracts/nhd';
import type { Doc } from '../../../platform/documents/port.ts';
import { defineProjection } from '../../../platform/projections/define.ts';
import { reportTypeStream, type ReportTypeEvent } from './decider.ts';

export const REPORT_TYPES_COLLECTION = 'nhd_report_types';

/** Read model `nhd_report_types`: one document per report type code, its latest definition. */
export const reportTypesProjection = defineProjection({
  name: 'nhd.report-types',
  collection: REPORT_TYPES_COLLECTION,
  handles: ['NhdReportTypeDefined'],
  fromStored: (stored): ReportTypeEvent | null => {
    const defined = NhdReportTypeDefined.safeParse(stored.data);
    return defined.success && stored.stream === reportTypeStream(defined.data.code) ? { type: 'NhdReportTypeDefined', data: defined.data } : null;
  },
  documentId: (event) => String(event.data.code),
  evolve: (_doc, event) => {
    switch (event.type) {
      case 'NhdReportTypeDefined':
        return { _id: String(event.data.code), ...toReportType(event.data) };
      default: {
        const unexpected: never = event.type;
        throw new Error(`Unknown report type event ${String(unexpected)}`);
      }
    }
  },
});

/** A report type as the API shows it (its definition's who and when stay in the log). */
export const toReportType = ({ code, name, description, price_cents, is_active }: ReportType): ReportType => ({ code, name, description, price_cents, is_active });

/** A document of the read model as a report type (null for one the contract no longer reads). */
export const reportTypeOf = (doc: Doc): ReportType | null => {
  const parsed = ReportType.safeParse(doc);
  return parsed.success ? parsed.data : null;
};

import type { ReportType } from '@acpg/contracts/nhd';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { seedStream } from '../../../platform/commands/seed-stream.ts';
import type { Platform } from '../../../platform/module.ts';
import { reportTypeDecider, reportTypeStream } from './decider.ts';

/** The report types a fresh installation sells (the spec's reportType numbers; prices are ours, in cents). */
export const SEEDED_REPORT_TYPES: readonly ReportType[] = [
  {
    code: 0,
    name: 'Standard NHD report',
    description: 'The six statutory natural hazard zones of California Civil Code §1103: flood, fire, earthquake fault, seismic hazard, dam inundation and wildland areas.',
    price_cents: 4_900,
    is_active: true,
  },
  {
    code: 1,
    name: 'NHD report with tax and environmental',
    description: 'The standard report, plus special tax assessments (Mello-Roos) and an environmental screening of the property.',
    price_cents: 8_900,
    is_active: true,
  },
  {
    code: 2,
    name: 'Commercial NHD report',
    description: 'The standard report for commercial and multi-unit property, with a summary for lenders and escrow.',
    price_cents: 14_900,
    is_active: true,
  },
];

/** Defines each seeded report type once: one that exists (seeded or edited since) is left alone. */
export const seedReportTypes = async (platform: Platform): Promise<void> => {
  const metadata = systemMeta(platform, { actor: 'seed' });
  for (const type of SEEDED_REPORT_TYPES) {
    await seedStream(platform.eventStore, reportTypeStream(type.code), reportTypeDecider, [{ type: 'DefineReportType', data: type, metadata }]);
  }
};

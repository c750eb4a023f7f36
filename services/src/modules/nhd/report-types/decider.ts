import type { NhdReportTypeDefined, ReportType } from '@acpg/contracts/nhd';
import type { Command, Decider } from '../../../platform/commands/handle-command.ts';
import { ownEvents } from '../../../platform/commands/own-events.ts';

/** One stream per report type code; each definition replaces the one before (a price change reaches new orders only). */
export const reportTypeStream = (code: number) => `nhd-reporttype-${code}`;

export type ReportTypeEvent = { type: 'NhdReportTypeDefined'; data: NhdReportTypeDefined };
export type DefineReportType = Command<'DefineReportType', ReportType>;
export type ReportTypeState = { current: NhdReportTypeDefined | null };

const same = (a: ReportType, b: ReportType) =>
  a.code === b.code && a.name === b.name && a.description === b.description && a.price_cents === b.price_cents && a.is_active === b.is_active;

export const reportTypeDecider: Decider<DefineReportType, ReportTypeEvent, ReportTypeState> = {
  initialState: () => ({ current: null }),
  evolve: (_state, event) => ({ current: event.data }),
  decide: (command, state) => {
    if (state.current && same(state.current, command.data)) return []; // saved again unchanged: nothing to record
    return [{ type: 'NhdReportTypeDefined', data: { ...command.data, defined_by: command.metadata.actor ?? 'system', defined_at: command.metadata.now.toISOString() } }];
  },
  fromStored: ownEvents<ReportTypeEvent>(['NhdReportTypeDefined']),
};

import type { Interaction } from '@acpg/contracts/insights';
import type { CountAlong } from '../../lib/live-merge.ts';
import { countIntoSummary, type LiveSummary } from './api/live-interactions.ts';

/** One pushed interaction counted into a summary kept beside a live list (once, only above the summary's position). */
export const countSummary: CountAlong<LiveSummary, Interaction> = (summary, row) => {
  const next = countIntoSummary(summary, row);
  return { along: next, counted: next !== summary };
};

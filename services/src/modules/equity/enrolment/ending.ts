import { PROTECTION_ENDING_NOTICE_DAYS } from '@acpg/contracts/equity';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import type { Platform } from '../../../platform/module.ts';
import type { Schedule } from '../../../platform/schedules/port.ts';
import { sweepDue } from '../../../platform/schedules/sweep.ts';
import { ENROLMENTS_COLLECTION } from '../enrolments/view.ts';
import { runEnrolmentCommand } from './commands.ts';

export const ENDING_ACTOR = 'equity.protection-ending';
/** How often the clock looks: a member hears within the hour that their protection ends in 30 days. */
export const ENDING_EVERY_MS = 3_600_000;

/**
 * Tells each member whose year of protection ends within PROTECTION_ENDING_NOTICE_DAYS, once per year
 * (`EquityProtectionEndingSoon`; the notices reaction emails it). The read model finds them, the stream decides, so a
 * run repeated (or racing the read model) tells no one twice. Answers how many were told.
 */
export const noticeEndingProtections = async (platform: Platform): Promise<number> => {
  const now = platform.clock();
  const soon = new Date(now.getTime() + PROTECTION_ENDING_NOTICE_DAYS * 86_400_000).toISOString();
  const sweep = {
    collection: ENROLMENTS_COLLECTION,
    filter: { status: 'active', ending_noticed: { $ne: true }, protected_until: { $gt: now.toISOString(), $lte: soon } },
    sort: { protected_until: 1, _id: 1 },
    idName: 'enrolmentId',
    failed: 'equity: could not tell the member their protection ends soon',
  } as const;
  return sweepDue(platform, sweep, async (doc) => {
    const { events } = await runEnrolmentCommand(platform, doc._id, { type: 'NoticeEnding', data: {}, metadata: systemMeta(platform, { actor: ENDING_ACTOR }) });
    return events.length;
  });
};

export const endingSchedule: Schedule = {
  name: 'equity.protection-ending',
  everyMs: ENDING_EVERY_MS,
  run: async (platform) => {
    await noticeEndingProtections(platform);
  },
};

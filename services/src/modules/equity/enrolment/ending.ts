import { PROTECTION_ENDING_NOTICE_DAYS } from '@acpg/contracts/equity';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import type { Platform } from '../../../platform/module.ts';
import type { Schedule } from '../../../platform/schedules/port.ts';
import { ENROLMENTS_COLLECTION } from '../enrolments/view.ts';
import { runEnrolmentCommand } from './commands.ts';

export const ENDING_ACTOR = 'equity.protection-ending';
/** How often the clock looks: a member hears within the hour that their protection ends in 30 days. */
export const ENDING_EVERY_MS = 3_600_000;
const PAGE = 200;

/**
 * Tells each member whose year of protection ends within PROTECTION_ENDING_NOTICE_DAYS, once per year
 * (`EquityProtectionEndingSoon`; the notices reaction emails it). The read model finds them, the stream decides, so a
 * run repeated (or racing the read model) tells no one twice. Answers how many were told.
 */
export const noticeEndingProtections = async (platform: Platform): Promise<number> => {
  const now = platform.clock();
  const soon = new Date(now.getTime() + PROTECTION_ENDING_NOTICE_DAYS * 86_400_000).toISOString();
  const filter = { status: 'active', ending_noticed: { $ne: true }, protected_until: { $gt: now.toISOString(), $lte: soon } };
  let told = 0;
  for (let skip = 0; ; skip += PAGE) {
    const due = await platform.documents.find(ENROLMENTS_COLLECTION, filter, { sort: { protected_until: 1, _id: 1 }, skip, limit: PAGE });
    for (const doc of due) {
      try {
        const { events } = await runEnrolmentCommand(platform, doc._id, { type: 'NoticeEnding', data: {}, metadata: systemMeta(platform, { actor: ENDING_ACTOR }) });
        told += events.length;
      } catch (error) {
        // One enrolment that cannot be told must not hold up the others; the next look tries it again.
        platform.log.error({ err: error, enrolmentId: doc._id }, 'equity: could not tell the member their protection ends soon');
      }
    }
    if (due.length < PAGE) return told;
  }
};

export const endingSchedule: Schedule = {
  name: 'equity.protection-ending',
  everyMs: ENDING_EVERY_MS,
  run: async (platform) => {
    await noticeEndingProtections(platform);
  },
};
